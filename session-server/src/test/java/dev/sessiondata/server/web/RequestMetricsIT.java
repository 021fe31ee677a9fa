package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code http.server.requests} keeps the series the dashboards read: per route pattern, method and status. */
class RequestMetricsIT {

    private final RunningServer server = SharedServers.memory();

    @Test
    void requestsAreTimedByRoutePatternMethodAndStatus() {
        server.writer().put("timed", new byte[10], "java");
        server.writer().get("timed");
        server.writer().get("never-written-timed");
        server.writer().send("GET", "/api/v1/no-such-route", HttpRequest.BodyPublishers.noBody());

        String scrape = new String(server.anonymous().send("GET", "/actuator/prometheus",
                HttpRequest.BodyPublishers.noBody()).body(), StandardCharsets.UTF_8);

        assertThat(scrape)
                .contains("http_server_requests_seconds_count{exception=\"none\",method=\"GET\",outcome=\"SUCCESS\",status=\"200\",uri=\"/api/v1/sessions/{id}\"}")
                .contains("http_server_requests_seconds_count{exception=\"none\",method=\"GET\",outcome=\"CLIENT_ERROR\",status=\"404\",uri=\"/api/v1/sessions/{id}\"}")
                .containsPattern("http_server_requests_seconds_count\\{exception=\"none\",method=\"PUT\",outcome=\"SUCCESS\",status=\"20[01]\",uri=\"/api/v1/sessions/\\{id}\"}")
                .contains("http_server_requests_seconds_count{exception=\"none\",method=\"GET\",outcome=\"CLIENT_ERROR\",status=\"404\",uri=\"NOT_FOUND\"}");
    }
}
