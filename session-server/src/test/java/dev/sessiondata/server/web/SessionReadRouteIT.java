package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.server.metrics.RequestMetrics;
import dev.sessiondata.server.security.Access;
import dev.sessiondata.server.security.SecurityProperties;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.memory.MemorySessionStore;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.util.unit.DataSize;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * The session read route answers a plain read of a session that exists exactly as WebFlux answers it, and leaves
 * every other request to WebFlux. First on a Reactor Netty server of its own whose "WebFlux" answers 599, so
 * that which of the two answered shows; then on the real server, the route's answer beside WebFlux's.
 */
class SessionReadRouteIT {

    private static final int WEBFLUX = 599;

    private final MemorySessionStore store = new MemorySessionStore(1 << 20, Clock.systemUTC());
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private DisposableServer server;
    private Api reader;

    @BeforeEach
    void start() {
        SessionReadRoute route = new SessionReadRoute(store,
                TokenRegistry.of(new SecurityProperties(List.of(new SecurityProperties.Client("r", "read-token-0123456789", Access.READ)))),
                new RequestMetrics(registry),
                new SessionProperties(Duration.ofMinutes(30), Duration.ofHours(24), DataSize.ofMegabytes(2), true),
                SerializerPolicy.of("java", List.of("java"), KnownSerializers.IDS), () -> webFluxStandIn());
        server = HttpServer.create().host("127.0.0.1").port(0).route(route::apply).bindNow();
        reader = Api.ofStandIn(URI.create("http://127.0.0.1:" + server.port()), "read-token-0123456789");
        store.put("present", new SessionWrite("body".getBytes(StandardCharsets.UTF_8), "java", Duration.ofMinutes(30),
                false, "sha-256=:AAAA:"), Precondition.none());
    }

    @AfterEach
    void stop() {
        server.disposeNow();
    }

    private static HttpHandler webFluxStandIn() {
        return (request, response) -> {
            response.setStatusCode(HttpStatusCode.valueOf(WEBFLUX));
            return response.setComplete();
        };
    }

    @Test
    void aPlainReadOfAPresentSessionIsAnsweredByTheRouteAndTimed() {
        Instant beforeRead = Instant.now();

        HttpResponse<byte[]> read = reader.get("present");

        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(new String(read.body(), StandardCharsets.UTF_8)).isEqualTo("body");
        assertThat(read.headers().firstValue("Content-Type")).hasValue("application/vnd.sessiondata.java");
        assertThat(read.headers().firstValue("Repr-Digest")).hasValue("sha-256=:AAAA:");
        assertThat(read.headers().firstValue("Session-Serializer-Active")).hasValue("java");
        assertThat(Instant.parse(read.headers().firstValue("Session-Expires-At").orElseThrow()))
                .isAfterOrEqualTo(beforeRead.plus(Duration.ofMinutes(30)).minusMillis(1));
        assertThat(registry.get("http.server.requests").tag("uri", ApiRoutes.SESSION_PATH).tag("status", "200")
                .timer().count()).isEqualTo(1);
    }

    @Test
    void everyOtherReadIsLeftToWebFlux() {
        assertThat(reader.get("absent").statusCode()).isEqualTo(WEBFLUX);
        assertThat(reader.get("present", "If-None-Match", "\"v\"").statusCode()).isEqualTo(WEBFLUX);
        assertThat(reader.get("present;x").statusCode()).isEqualTo(WEBFLUX);
        assertThat(reader.get("pre%73ent").statusCode()).isEqualTo(WEBFLUX);
        assertThat(reader.get("present?ttl=1").statusCode()).isEqualTo(WEBFLUX);
        assertThat(reader.get("..").statusCode()).isEqualTo(WEBFLUX);
        assertThat(Api.ofStandIn(URI.create("http://127.0.0.1:" + server.port()), "unknown").get("present").statusCode())
                .isEqualTo(WEBFLUX);
        assertThat(Api.ofStandIn(URI.create("http://127.0.0.1:" + server.port()), null).get("present").statusCode())
                .isEqualTo(WEBFLUX);
    }

    /**
     * The same session read twice from the real server: plainly (the route) and with an {@code If-None-Match} that
     * does not match (WebFlux, which then answers 200 too). Status, body and every header are the same, but for
     * the expiry, which the second read slid again.
     */
    @Test
    void theRoutesAnswerIsWebFluxsAnswer() {
        RunningServer real = SharedServers.memory();
        real.writer().put("route-parity", "parity".getBytes(StandardCharsets.UTF_8), "java");

        HttpResponse<byte[]> route = real.reader().get("route-parity");
        HttpResponse<byte[]> webFlux = real.reader().get("route-parity", "If-None-Match", "\"not-its-version\"");

        assertThat(route.statusCode()).isEqualTo(webFlux.statusCode()).isEqualTo(200);
        assertThat(route.body()).isEqualTo(webFlux.body());
        assertThat(withoutExpiry(route)).isEqualTo(withoutExpiry(webFlux));
        assertThat(route.headers().firstValue("Session-Expires-At")).isPresent();
    }

    private static Map<String, List<String>> withoutExpiry(HttpResponse<byte[]> response) {
        Map<String, List<String>> headers = new HashMap<>(response.headers().map());
        headers.remove("session-expires-at");
        return headers;
    }
}
