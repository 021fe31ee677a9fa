package dev.sessiondata.loadtest;

import static io.gatling.javaapi.core.CoreDsl.ByteArrayBody;
import static io.gatling.javaapi.core.CoreDsl.details;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.sessiondata.api.SessionApi;
import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The requests of the session API both simulations send, and what they assert. A virtual user's Gatling session
 * holds the {@code sessionId} it works on.
 */
final class SessionRequests {

    static final String SESSION_PATH = SessionApi.SESSIONS_PATH + "/#{sessionId}";

    private final LoadParameters parameters;
    private final String mediaType;

    SessionRequests(LoadParameters parameters) {
        this.parameters = parameters;
        this.mediaType = SessionApi.mediaTypeOf(parameters.serializer());
    }

    /**
     * HTTP as a fleet of application servers speaks it: one shared keep-alive pool rather than a connection per
     * virtual user, no HTTP cache (a cached ETag would turn reads into 304s), and no warm-up request to an
     * outside host.
     */
    HttpProtocolBuilder protocol() {
        return http.baseUrl(parameters.baseUrl())
                .disableWarmUp()
                .disableCaching()
                .shareConnections()
                .userAgentHeader("sessiondata-loadtest");
    }

    /** A write of the body {@code body} picks, with the write token and the serializer under test. */
    HttpRequestActionBuilder put(String name, Function<Session, byte[]> body) {
        return http(name).put(SESSION_PATH)
                .queryParam(SessionApi.TTL_PARAMETER, parameters.ttlSeconds())
                .header("Authorization", bearer(parameters.token()))
                .header("Content-Type", mediaType)
                .body(ByteArrayBody(body));
    }

    /** A read as the application with this index, using that application's token. */
    HttpRequestActionBuilder get(String name, int application) {
        List<String> tokens = parameters.readTokens();
        return http(name).get(SESSION_PATH)
                .header("Authorization", bearer(tokens.get(application % tokens.size())))
                .header("User-Agent", "application-" + (char) ('a' + application));
    }

    /**
     * A read that must find the session tagged with the serializer under test. The server's active serializer
     * need not be that one (a migration writes with both), only announced.
     */
    HttpRequestActionBuilder read(String name, int application) {
        return get(name, application).check(
                status().is(200),
                header("Content-Type").is(mediaType),
                header(SessionApi.SERIALIZER_ACTIVE_HEADER).exists());
    }

    HttpRequestActionBuilder delete(String name) {
        return http(name).delete(SESSION_PATH).header("Authorization", bearer(parameters.token()));
    }

    /** No request failed, and the 99th percentile stayed under the configured bound. */
    /** No failed request at all, and the p99 bound over every request. */
    List<Assertion> assertions() {
        return List.of(
                global().failedRequests().count().is(0L),
                global().responseTime().percentile(99.0).lt(parameters.p99Millis()));
    }

    /**
     * No failed request at all, and the p99 bound over the requests named {@code measured} only: a simulation's
     * setup (ReadHeavy's population writes) must not count in the percentile of the load it measures.
     */
    List<Assertion> assertions(String... measured) {
        List<Assertion> assertions = new ArrayList<>();
        assertions.add(global().failedRequests().count().is(0L));
        for (String request : measured) {
            assertions.add(details(request).responseTime().percentile(99.0).lt(parameters.p99Millis()));
        }
        return assertions;
    }

    private static String bearer(String token) {
        return "Bearer " + token;
    }
}
