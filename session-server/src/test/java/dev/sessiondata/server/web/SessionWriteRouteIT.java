package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.metrics.RequestMetrics;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.security.Access;
import dev.sessiondata.server.security.SecurityProperties;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.store.memory.MemorySessionStore;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.util.unit.DataSize;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The session write route answers the writes clients send (plain, {@code If-Match} with a version,
 * {@code If-None-Match: *}, with {@code ttl} and {@code Content-Digest}) exactly as WebFlux answers them, and leaves
 * every request it would have to refuse before its body to WebFlux. First on a Reactor Netty server of its own
 * whose "WebFlux" answers 599, so that which of the two answered shows; then on the real server, each write
 * through the route beside the same write through WebFlux (sent chunked, which the route leaves to WebFlux).
 */
class SessionWriteRouteIT {

    private static final int WEBFLUX = 599;
    private static final String WRITE_TOKEN = "write-token-0123456789";
    private static final String JAVA = "java";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final byte[] BODY = "body".getBytes(StandardCharsets.UTF_8);
    /** The sha-256 of {@link #BODY}. */
    private static final String BODY_DIGEST = "sha-256=:Iw2DWNyOiJC0xY3utikS7i8gNXrpKlzIYbmOaP4xrLU=:";

    private final MemorySessionStore store = new MemorySessionStore(1 << 20, Clock.systemUTC());
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final WriteAdmission admission = new WriteAdmission(new OverloadProperties(DataSize.ofMegabytes(1), 1, 7));
    private DisposableServer server;
    private Api writer;

    @BeforeEach
    void start() {
        SessionWriteRoute route = new SessionWriteRoute(store,
                TokenRegistry.of(new SecurityProperties(List.of(
                        new SecurityProperties.Client("w", WRITE_TOKEN, Access.READ_WRITE),
                        new SecurityProperties.Client("r", "read-token-0123456789", Access.READ)))),
                new RequestMetrics(registry), new ServerMetrics(registry, List.of(JAVA)),
                new SessionProperties(Duration.ofMinutes(30), Duration.ofHours(24), DataSize.ofKilobytes(1), true),
                SerializerPolicy.of(JAVA, List.of(JAVA), KnownSerializers.IDS), admission, JSON,
                new IndexHeaders(new IndexProperties(Set.of(SessionApi.PRINCIPAL_INDEX), 256, 100)),
                () -> webFluxStandIn());
        server = HttpServer.create().host("127.0.0.1").port(0).route(route::apply).bindNow();
        writer = standIn(WRITE_TOKEN);
    }

    @AfterEach
    void stop() {
        server.disposeNow();
    }

    private Api standIn(String token) {
        return Api.ofStandIn(URI.create("http://127.0.0.1:" + server.port()), token);
    }

    private static HttpHandler webFluxStandIn() {
        return (request, response) -> {
            response.setStatusCode(HttpStatusCode.valueOf(WEBFLUX));
            return response.setComplete();
        };
    }

    @Test
    void theWritesClientsSendAreAnsweredByTheRouteAndTimed() {
        Instant beforeWrite = Instant.now();

        HttpResponse<byte[]> created = writer.put("s?ttl=60", BODY, JAVA, "Content-Digest", BODY_DIGEST);
        HttpResponse<byte[]> replaced = writer.put("s", BODY, JAVA, "If-Match", etag(created));
        HttpResponse<byte[]> stale = writer.put("s", BODY, JAVA, "If-Match", etag(created));
        HttpResponse<byte[]> notNew = writer.put("s", BODY, JAVA, "If-None-Match", "*");
        HttpResponse<byte[]> createdOnly = writer.put("t", BODY, JAVA, "If-None-Match", "*");

        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.headers().firstValue("Location")).hasValue(SessionApi.SESSIONS_PATH + "/s");
        assertThat(created.headers().firstValue("Session-Serializer-Active")).hasValue(JAVA);
        assertThat(Instant.parse(created.headers().firstValue("Session-Expires-At").orElseThrow()))
                .isBetween(beforeWrite.plusSeconds(59), Instant.now().plusSeconds(61));
        assertThat(replaced.statusCode()).isEqualTo(200);
        assertThat(replaced.headers().firstValue("Location")).isEmpty();
        assertThat(etag(replaced)).isNotEqualTo(etag(created));
        assertThat(problemType(stale)).isEqualTo(ProblemType.PRECONDITION_FAILED);
        assertThat(problemType(notNew)).isEqualTo(ProblemType.PRECONDITION_FAILED);
        assertThat(createdOnly.statusCode()).isEqualTo(201);
        assertThat(store.peek("s").toCompletableFuture().join().orElseThrow().digest()).isEqualTo(BODY_DIGEST);
        assertThat(timed(201)).isEqualTo(2);
        assertThat(timed(200)).isEqualTo(1);
        assertThat(timed(412)).isEqualTo(2);
    }

    @Test
    void whatGoesWrongWithTheBodyIsAnsweredWithWebFluxsProblems() {
        HttpResponse<byte[]> mismatch = writer.put("s", BODY, JAVA, "Content-Digest", "sha-256=:AAAA:");
        HttpResponse<byte[]> malformed = writer.put("s", BODY, JAVA, "Content-Digest", "sha-256=AAAA");

        assertThat(problemType(mismatch)).isEqualTo(ProblemType.DIGEST_MISMATCH);
        assertThat(problemType(malformed)).isEqualTo(ProblemType.INVALID_REQUEST);
        assertThat(store.peek("s").toCompletableFuture().join()).isEmpty();
        assertThat(registry.get("sessiondata.requests.rejected").tag("reason", ProblemType.DIGEST_MISMATCH.slug())
                .counter().count()).isEqualTo(1);
    }

    @Test
    void aWriteBeyondTheAdmissionBoundIsRefusedWithRetryAfterAndNothingIsRead() {
        HttpResponse<byte[]> refused;
        try (WriteAdmission.Permit held = admission.admit(1, 1)) {
            refused = writer.put("s", BODY, JAVA);
        }

        assertThat(problemType(refused)).isEqualTo(ProblemType.STORE_UNAVAILABLE);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue("7");
        assertThat(JSON.readTree(refused.body()).get("overloaded").asBoolean()).isTrue();
        assertThat(store.peek("s").toCompletableFuture().join()).isEmpty();
        assertThat(writer.put("s", BODY, JAVA).statusCode()).as("the permit was given back").isEqualTo(201);
    }

    @Test
    void everyWriteRefusedBeforeItsBodyIsLeftToWebFlux() {
        assertThat(standIn("read-token-0123456789").put("s", BODY, JAVA).statusCode()).isEqualTo(WEBFLUX);
        assertThat(standIn("unknown").put("s", BODY, JAVA).statusCode()).isEqualTo(WEBFLUX);
        assertThat(Api.ofStandIn(URI.create("http://127.0.0.1:" + server.port()), null).put("s", BODY, JAVA).statusCode())
                .isEqualTo(WEBFLUX);
        assertThat(writer.put("s", BODY, "kryo").statusCode()).isEqualTo(WEBFLUX);
        assertThat(writer.send("PUT", SessionApi.SESSIONS_PATH + "/s", HttpRequest.BodyPublishers.ofByteArray(BODY))
                .statusCode()).as("no Content-Type").isEqualTo(WEBFLUX);
        assertThat(writer.put("s", BODY, JAVA, "If-None-Match", "\"v\"").statusCode()).isEqualTo(WEBFLUX);
        assertThat(writer.put("s", BODY, JAVA, "If-Match", "\"v\"", "If-None-Match", "*").statusCode()).isEqualTo(WEBFLUX);
        assertThat(writer.put("s", BODY, JAVA, "If-Match", "v").statusCode()).isEqualTo(WEBFLUX);
        for (String id : List.of("s?ttl=0", "s?ttl=abc", "s?ttl=6%30", "s?ttl=60&x=1", "s?x=1", "s;x", "%73", "..")) {
            assertThat(writer.put(id, BODY, JAVA).statusCode()).as(id).isEqualTo(WEBFLUX);
        }
        assertThat(writer.put("s", new byte[0], JAVA).statusCode()).as("empty").isEqualTo(WEBFLUX);
        assertThat(writer.put("s", new byte[1025], JAVA).statusCode()).as("over the limit").isEqualTo(WEBFLUX);
        assertThat(chunked(writer, "s", "Content-Type", SessionApi.mediaTypeOf(JAVA)).statusCode()).isEqualTo(WEBFLUX);
        assertThat(writer.putHeadExpectingContinue("s", BODY.length, JAVA)).startsWith("HTTP/1.1 " + WEBFLUX);
        assertThat(store.peek("s").toCompletableFuture().join()).isEmpty();
    }

    /**
     * Each write the route answers, sent to the real server once as the route takes it and once chunked (which
     * goes to WebFlux): status, body and every header are the same, but for what a write changes (the version,
     * the expiry; the location of a session of another id).
     */
    @Test
    void theRoutesAnswersAreWebFluxsAnswers() {
        Api real = SharedServers.memory().writer();
        String digest = "Content-Digest";

        assertSameAnswers(real.put("parity-a?ttl=60", BODY, JAVA, digest, BODY_DIGEST),
                chunked(real, "parity-b?ttl=60", digest, BODY_DIGEST));
        assertSameAnswers(real.put("parity-a", BODY, JAVA), chunked(real, "parity-b"));
        String versionA = etag(real.put("parity-a", BODY, JAVA));
        String versionB = etag(real.put("parity-b", BODY, JAVA));
        assertSameAnswers(real.put("parity-a", BODY, JAVA, "If-Match", versionA),
                chunked(real, "parity-b", "If-Match", versionB));
        assertSameAnswers(real.put("parity-a?ttl=60", BODY, JAVA, "If-None-Match", "*"),
                chunked(real, "parity-a?ttl=60", "If-None-Match", "*"));
        assertSameAnswers(real.put("parity-a", BODY, JAVA, "If-Match", versionA),
                chunked(real, "parity-a", "If-Match", versionA));
        assertSameAnswers(real.put("parity-a", BODY, JAVA, digest, "sha-256=:AAAA:"),
                chunked(real, "parity-a", digest, "sha-256=:AAAA:"));
        assertSameAnswers(real.put("parity-c", BODY, JAVA, "If-None-Match", "*"),
                chunked(real, "parity-d", "If-None-Match", "*"));
    }

    private static void assertSameAnswers(HttpResponse<byte[]> route, HttpResponse<byte[]> webFlux) {
        assertThat(route.statusCode()).isEqualTo(webFlux.statusCode());
        assertThat(new String(route.body(), StandardCharsets.UTF_8))
                .isEqualTo(new String(webFlux.body(), StandardCharsets.UTF_8));
        assertThat(withoutWhatAWriteChanges(route)).isEqualTo(withoutWhatAWriteChanges(webFlux));
        assertThat(route.headers().map().keySet()).isEqualTo(webFlux.headers().map().keySet());
    }

    /** A PUT of {@link #BODY} without a declared length: its body is sent chunked. */
    private static HttpResponse<byte[]> chunked(Api api, String id, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Content-Type";
        all[1] = SessionApi.mediaTypeOf(JAVA);
        System.arraycopy(headers, 0, all, 2, headers.length);
        return api.send("PUT", SessionApi.SESSIONS_PATH + "/" + id,
                HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofByteArray(BODY)), all);
    }

    private static Map<String, List<String>> withoutWhatAWriteChanges(HttpResponse<byte[]> response) {
        Map<String, List<String>> headers = new HashMap<>(response.headers().map());
        headers.remove("etag");
        headers.remove("session-expires-at");
        headers.remove("location");
        return headers;
    }

    private static String etag(HttpResponse<byte[]> response) {
        return response.headers().firstValue("ETag").orElseThrow();
    }

    private static ProblemType problemType(HttpResponse<byte[]> response) {
        assertThat(response.headers().firstValue("Content-Type")).hasValue(SessionApi.PROBLEM_MEDIA_TYPE);
        assertThat(response.headers().firstValue("Session-Serializer-Active")).hasValue(JAVA);
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.get("status").asInt()).isEqualTo(response.statusCode());
        return ProblemType.of(URI.create(problem.get("type").asString())).orElseThrow();
    }

    private double timed(int status) {
        return registry.get("http.server.requests").tag("method", "PUT").tag("uri", ApiRoutes.SESSION_PATH)
                .tag("status", String.valueOf(status)).timer().count();
    }
}
