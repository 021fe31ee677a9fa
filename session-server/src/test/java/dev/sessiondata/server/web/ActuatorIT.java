package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Health and Prometheus are open; the meters are there; nothing else of the actuator is. */
class ActuatorIT {

    private final RunningServer server = SharedServers.memory();

    private HttpResponse<byte[]> anonymousGet(String path) {
        return server.anonymous().send("GET", path, HttpRequest.BodyPublishers.noBody());
    }

    @Test
    void healthIsOpenAndUpWithTheStore() {
        HttpResponse<byte[]> health = anonymousGet("/actuator/health");

        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(new String(health.body(), StandardCharsets.UTF_8)).contains("\"status\":\"UP\"").contains("\"store\"");
    }

    @Test
    void prometheusIsOpenAndShowsTheServersMeters() {
        server.writer().put("metered", new byte[100], "java");
        server.writer().put("metered", new byte[100], "java", "If-Match", "\"0000000000000000\"");
        server.anonymous().get("metered");

        HttpResponse<byte[]> scrape = anonymousGet("/actuator/prometheus");

        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(new String(scrape.body(), StandardCharsets.UTF_8))
                .contains("sessiondata_session_payload_size_bytes_count{serializer=\"java\"}")
                .contains("sessiondata_store_operations_seconds_count{operation=\"put\",outcome=\"created\",store=\"memory\"}")
                .contains("sessiondata_store_conflicts_total{operation=\"put\",store=\"memory\"}")
                .contains("sessiondata_sessions_active{store=\"memory\"}")
                .contains("sessiondata_requests_rejected_total{reason=\"unauthorized\"}")
                .contains("sessiondata_requests_rejected_total{reason=\"precondition-failed\"}");
    }

    @Test
    void otherActuatorEndpointsAreNotExposed() {
        for (String path : new String[] {"/actuator", "/actuator/env", "/actuator/beans", "/actuator/metrics"}) {
            assertThat(anonymousGet(path).statusCode()).as(path).isEqualTo(404);
        }
    }
}
