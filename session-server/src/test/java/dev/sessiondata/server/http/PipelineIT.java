package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.index.IndexHeaders;
import dev.sessiondata.server.index.IndexProperties;
import dev.sessiondata.server.metrics.RequestMetrics;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.security.Access;
import dev.sessiondata.server.security.BearerAuthentication;
import dev.sessiondata.server.security.SecurityProperties;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.serializer.ActiveSerializerHeader;
import dev.sessiondata.server.serializer.SerializerPolicy;
import dev.sessiondata.server.session.SessionProperties;
import dev.sessiondata.server.session.SessionRoutes;
import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.IdChangeResult;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionRead;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoreUnavailableException;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.WriteResult;
import dev.sessiondata.server.store.memory.MemorySessionStore;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.json.JsonMapper;

/**
 * The pipeline over real HTTP, on a Reactor Netty server of its own with the server's links and session routes in
 * front of a store that counts its calls (a memory store, or one that is down): every request asks the store at
 * most once, a refused one not at all; and the cross-cutting answers (HEAD, 405 with Allow, 404 of an unknown path,
 * 401, the bound on answers in flight) are the pipeline's.
 */
class PipelineIT {

    private static final String WRITER = "write-token-0123456789";
    private static final String READER = "read-token-0123456789";

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final HttpClient client = HttpClient.newHttpClient();
    private DisposableServer server;

    /** Counts every call made to the store underneath. */
    private static final class CountingStore implements SessionStore {

        private final SessionStore store;
        private final AtomicInteger calls = new AtomicInteger();

        CountingStore(SessionStore store) {
            this.store = store;
        }

        @Override
        public CompletionStage<SessionRead> get(String id, long maxBytes) {
            calls.incrementAndGet();
            return store.get(id, maxBytes);
        }

        @Override
        public CompletionStage<SessionRead> peek(String id, long maxBytes) {
            calls.incrementAndGet();
            return store.peek(id, maxBytes);
        }

        @Override
        public CompletionStage<WriteResult> put(String id, SessionWrite write, Precondition precondition) {
            calls.incrementAndGet();
            return store.put(id, write, precondition);
        }

        @Override
        public CompletionStage<DeleteResult> delete(String id, Precondition precondition) {
            calls.incrementAndGet();
            return store.delete(id, precondition);
        }

        @Override
        public CompletionStage<Optional<Instant>> touch(String id) {
            calls.incrementAndGet();
            return store.touch(id);
        }

        @Override
        public CompletionStage<IdChangeResult> changeId(String id, String newId, Precondition precondition) {
            calls.incrementAndGet();
            return store.changeId(id, newId, precondition);
        }
    }

    /** A store that cannot be reached: each call fails as the Redis store's do while Redis is away. */
    private static final class StoreDown implements SessionStore {

        private static <T> CompletionStage<T> down() {
            return CompletableFuture.failedFuture(new StoreUnavailableException("down", new IOException("refused")));
        }

        @Override
        public CompletionStage<SessionRead> get(String id, long maxBytes) {
            return down();
        }

        @Override
        public CompletionStage<SessionRead> peek(String id, long maxBytes) {
            return down();
        }

        @Override
        public CompletionStage<WriteResult> put(String id, SessionWrite write, Precondition precondition) {
            return down();
        }

        @Override
        public CompletionStage<DeleteResult> delete(String id, Precondition precondition) {
            return down();
        }

        @Override
        public CompletionStage<Optional<Instant>> touch(String id) {
            return down();
        }

        @Override
        public CompletionStage<IdChangeResult> changeId(String id, String newId, Precondition precondition) {
            return down();
        }
    }

    private URI start(SessionStore store, DataSize maxAnswerBytes) {
        JsonMapper json = JsonMapper.builder().build();
        SerializerPolicy serializers = SerializerPolicy.of("java", List.of("java"), KnownSerializers.IDS);
        ServerMetrics metrics = new ServerMetrics(registry, List.of("java"));
        OverloadProperties overload = new OverloadProperties(DataSize.ofMegabytes(8), 16, 3, maxAnswerBytes, null);
        ProblemDocuments problems = new ProblemDocuments(json, metrics::rejected, overload.retryAfterSeconds());
        SessionRoutes sessions = new SessionRoutes(store, serializers,
                new SessionProperties(Duration.ofMinutes(30), Duration.ofHours(24), DataSize.ofMegabytes(16), true, 1000), metrics,
                new IndexHeaders(new IndexProperties(Set.of(SessionApi.PRINCIPAL_INDEX), 256, 100)));
        RouteTable routes = RouteTable.builder()
                .get(SessionRoutes.SESSION_PATH, sessions::get)
                .put(SessionRoutes.SESSION_PATH, sessions.maxSize(), sessions::put)
                .delete(SessionRoutes.SESSION_PATH, sessions::delete)
                .build();
        TokenRegistry tokens = TokenRegistry.of(new SecurityProperties(List.of(
                new SecurityProperties.Client("w", WRITER, Access.READ_WRITE),
                new SecurityProperties.Client("r", READER, Access.READ))));
        ApiPipeline pipeline = new ApiPipeline(List.of(new RequestMetrics(registry, routes), problems,
                new ActiveSerializerHeader(serializers), new BearerAuthentication(tokens),
                new Admission(new WriteAdmission(overload))), routes, problems, new AnswerBytes(overload));
        server = HttpServer.create().host("127.0.0.1").port(0).route(pipeline::apply).bindNow();
        return URI.create("http://127.0.0.1:" + server.port());
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.disposeNow();
        }
    }

    private HttpResponse<byte[]> send(URI base, String method, String path, byte[] body, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .method(method, body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void aMissAnOutageAndARefusalAskTheStoreAtMostOnceAndTheRefusalNotAtAll() throws Exception {
        CountingStore store = new CountingStore(new MemorySessionStore(1 << 20, Clock.systemUTC()));
        URI base = start(store, DataSize.ofMegabytes(8));
        String session = SessionApi.SESSIONS_PATH + "/counted";

        assertThat(send(base, "GET", session, new byte[0], "Authorization", "Bearer " + READER).statusCode()).isEqualTo(404);
        assertThat(store.calls.getAndSet(0)).as("a GET of a missing id").isEqualTo(1);

        assertThat(send(base, "PUT", session, new byte[] {1}, "Content-Type", SessionApi.mediaTypeOf("java")).statusCode())
                .isEqualTo(401);
        assertThat(send(base, "PUT", session, new byte[] {1}, "Authorization", "Bearer " + READER,
                "Content-Type", SessionApi.mediaTypeOf("java")).statusCode()).isEqualTo(403);
        assertThat(send(base, "PUT", session, new byte[] {1}, "Authorization", "Bearer " + WRITER,
                "Content-Type", "application/vnd.sessiondata.no-such").statusCode()).isEqualTo(415);
        assertThat(send(base, "PUT", session, new byte[] {1}, "Authorization", "Bearer " + WRITER,
                "Content-Type", SessionApi.mediaTypeOf("java"), "If-Match", "not-a-tag").statusCode()).isEqualTo(400);
        assertThat(send(base, "GET", session, new byte[0], "Authorization", "Bearer " + READER,
                "If-None-Match", "not-a-tag").statusCode()).isEqualTo(400);
        assertThat(store.calls.getAndSet(0)).as("refused requests").isZero();

        assertThat(send(base, "PUT", session, new byte[] {1}, "Authorization", "Bearer " + WRITER,
                "Content-Type", SessionApi.mediaTypeOf("java")).statusCode()).isEqualTo(201);
        assertThat(send(base, "GET", session, new byte[0], "Authorization", "Bearer " + READER).statusCode()).isEqualTo(200);
        assertThat(store.calls.get()).as("a write and a read").isEqualTo(2);
    }

    @Test
    void aReadDuringAnOutageAsksTheStoreOnceAndIs503() throws Exception {
        CountingStore store = new CountingStore(new StoreDown());
        URI base = start(store, DataSize.ofMegabytes(8));

        HttpResponse<byte[]> read = send(base, "GET", SessionApi.SESSIONS_PATH + "/any", new byte[0],
                "Authorization", "Bearer " + READER);

        assertThat(read.statusCode()).isEqualTo(503);
        assertThat(read.headers().firstValue("Retry-After")).isPresent();
        assertThat(read.headers().firstValue("Content-Type")).contains(SessionApi.PROBLEM_MEDIA_TYPE);
        assertThat(store.calls.get()).isEqualTo(1);
    }

    @Test
    void headAnswersWithoutABodyAndAnotherMethodIs405WithAllowAndAnUnknownPathIs404() throws Exception {
        URI base = start(new MemorySessionStore(1 << 20, Clock.systemUTC()), DataSize.ofMegabytes(8));
        String session = SessionApi.SESSIONS_PATH + "/head";
        send(base, "PUT", session, "twelve bytes".getBytes(), "Authorization", "Bearer " + WRITER,
                "Content-Type", SessionApi.mediaTypeOf("java"));

        HttpResponse<byte[]> head = send(base, "HEAD", session, new byte[0], "Authorization", "Bearer " + READER);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(head.headers().firstValue("Content-Length")).contains("12");
        assertThat(head.headers().firstValue(SessionApi.SERIALIZER_ACTIVE_HEADER)).contains("java");

        HttpResponse<byte[]> patch = send(base, "PATCH", session, new byte[] {1}, "Authorization", "Bearer " + WRITER);
        assertThat(patch.statusCode()).isEqualTo(405);
        assertThat(patch.headers().firstValue("Allow")).contains("GET, HEAD, PUT, DELETE");

        HttpResponse<byte[]> unknown = send(base, "GET", SessionApi.BASE_PATH + "/nothing", new byte[0],
                "Authorization", "Bearer " + READER);
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(new String(unknown.body())).contains("urn:sessiondata:problem:not-found");

        HttpResponse<byte[]> anonymous = send(base, "GET", session, new byte[0]);
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.headers().firstValue("WWW-Authenticate")).isPresent();
        assertThat(anonymous.headers().firstValue(SessionApi.SERIALIZER_ACTIVE_HEADER)).contains("java");
        assertThat(registry.get("http.server.requests").tag("uri", SessionRoutes.SESSION_PATH).tag("method", "HEAD")
                .tag("status", "200").timer().count()).isEqualTo(1);
    }

    @Test
    void anAnswerBeyondTheBoundOfAnswersInFlightIs503UntilTheHeldOneIsGivenBackByItsConnectionClosing()
            throws Exception {
        // a store far larger than the session, so that the session is certainly kept
        URI base = start(new MemorySessionStore(1L << 34, Clock.systemUTC()), DataSize.ofKilobytes(64));
        send(base, "PUT", SessionApi.SESSIONS_PATH + "/small", new byte[1024], "Authorization", "Bearer " + WRITER,
                "Content-Type", SessionApi.mediaTypeOf("java"));
        // larger than what the loopback socket's buffers take while nobody reads
        assertThat(send(base, "PUT", SessionApi.SESSIONS_PATH + "/huge", new byte[16 * 1024 * 1024], "Authorization",
                "Bearer " + WRITER, "Content-Type", SessionApi.mediaTypeOf("java")).statusCode()).isEqualTo(201);
        assertThat(send(base, "HEAD", SessionApi.SESSIONS_PATH + "/huge", new byte[0], "Authorization",
                "Bearer " + READER).statusCode()).isEqualTo(200);
        assertThat(readSmall(base).statusCode()).isEqualTo(200);

        try (Socket stalled = new Socket()) {
            // a small window, so that the answer stays in flight whatever the kernel's loopback buffers would take
            stalled.setReceiveBufferSize(4096);
            stalled.connect(new java.net.InetSocketAddress("127.0.0.1", base.getPort()));
            stalled.getOutputStream().write(("GET " + SessionApi.SESSIONS_PATH + "/huge HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: Bearer " + READER + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            stalled.getOutputStream().flush();
            HttpResponse<byte[]> refused = readSmall(base);
            // on a busy machine the server may take a while to read the stalled request and start its answer
            for (int i = 0; i < 250 && refused.statusCode() == 200; i++) {
                Thread.sleep(20);
                refused = readSmall(base);
            }
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).contains("3");
            assertThat(new String(refused.body(), StandardCharsets.UTF_8)).contains("answers in flight");
        }
        HttpResponse<byte[]> admitted = readSmall(base);
        for (int i = 0; i < 100 && admitted.statusCode() != 200; i++) {
            Thread.sleep(50);
            admitted = readSmall(base);
        }
        assertThat(admitted.statusCode()).as("the closed connection's share given back").isEqualTo(200);
    }

    private HttpResponse<byte[]> readSmall(URI base) throws IOException, InterruptedException {
        return send(base, "GET", SessionApi.SESSIONS_PATH + "/small", new byte[0], "Authorization", "Bearer " + READER);
    }
}
