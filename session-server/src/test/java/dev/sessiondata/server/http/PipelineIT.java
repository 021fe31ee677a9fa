package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
import dev.sessiondata.server.store.redis.RedisSessionStore;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.testsupport.RedisTarget;
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
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
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
    private AnswerBytes answers;

    /** Counts every call made to the store underneath. */
    private static final class CountingStore implements SessionStore {

        private final SessionStore store;
        private final AtomicInteger calls = new AtomicInteger();
        private final Runnable afterRead;

        CountingStore(SessionStore store) {
            this(store, () -> { });
        }

        /** {@code afterRead}: run after each sliding read has its answer, as what happens meanwhile elsewhere. */
        CountingStore(SessionStore store, Runnable afterRead) {
            this.store = store;
            this.afterRead = afterRead;
        }

        @Override
        public CompletionStage<SessionRead> get(String id, long maxBytes) {
            calls.incrementAndGet();
            CompletionStage<SessionRead> read = store.get(id, maxBytes);
            afterRead.run();
            return read;
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
                new IndexHeaders(new IndexProperties(Set.of(SessionApi.PRINCIPAL_INDEX), 256, 100,
                        RedisSessionStore.DEFAULT_INDEX_EXPIRY_RESOLUTION)));
        RouteTable routes = RouteTable.builder()
                .get(SessionRoutes.SESSION_PATH, sessions::get)
                .put(SessionRoutes.SESSION_PATH, sessions.maxSize(), sessions::put)
                .delete(SessionRoutes.SESSION_PATH, sessions::delete)
                .build();
        TokenRegistry tokens = TokenRegistry.of(new SecurityProperties(List.of(
                new SecurityProperties.Client("w", WRITER, Access.READ_WRITE),
                new SecurityProperties.Client("r", READER, Access.READ))));
        answers = new AnswerBytes(overload);
        ApiPipeline pipeline = new ApiPipeline(List.of(new RequestMetrics(registry, routes), problems,
                new ActiveSerializerHeader(serializers), new BearerAuthentication(tokens),
                new Admission(new WriteAdmission(overload))), routes, problems, answers);
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

    /**
     * The bound of 64 KiB keeps 16 KiB for small answers. With the 48 KiB of the large share held (as by answers in
     * flight), a read of a large session is {@code 503} at one store call (its length) and not slid, while a small
     * session is still served at one call; once the share is given back the large session is read and slid.
     */
    @Test
    void aLargeReadBeyondTheLargeShareIs503AtOneStoreCallAndNotSlidWhileSmallReadsAreServedOnTheMemoryStore()
            throws Exception {
        // a store far larger than the sessions, so that they are certainly kept
        largeReadsBeyondTheLargeShare(new MemorySessionStore(1L << 34, Clock.systemUTC()));
    }

    /** {@link #aLargeReadBeyondTheLargeShareIs503AtOneStoreCallAndNotSlidWhileSmallReadsAreServedOnTheMemoryStore} on Redis. */
    @Nested
    @ExtendWith(RedisTarget.class)
    class OnRedis {

        private final String prefix = "sessiondata-it-" + UUID.randomUUID() + ":";
        private LettuceConnectionFactory connections;

        @AfterEach
        void removeKeys() {
            if (connections != null) {
                RedisConnections.deleteKeys(connections, prefix);
                connections.destroy();
            }
        }

        @Test
        void aLargeReadBeyondTheLargeShareIs503AtOneStoreCallAndNotSlidWhileSmallReadsAreServed() throws Exception {
            connections = RedisConnections.standalone(RedisTarget.url());
            largeReadsBeyondTheLargeShare(new RedisSessionStore(connections, prefix, Clock.systemUTC()));
        }
    }

    private void largeReadsBeyondTheLargeShare(SessionStore underlying) throws Exception {
        CountingStore store = new CountingStore(underlying);
        URI base = start(store, DataSize.ofKilobytes(64));
        write(base, "small", 1024);
        write(base, "large", 40 * 1024);
        store.calls.set(0);
        assertThat(read(base, "large").statusCode()).as("read while nothing is held").isEqualTo(200);
        assertThat(store.calls.get()).as("at one store call").isEqualTo(1);
        // the answer's bytes are given back once it is sent, which the client may see a moment before
        await().atMost(Duration.ofSeconds(10)).until(() -> answers.held() == 0);

        long held = answers.tryTake(answers.largeAnswerBytes());
        assertThat(held).isEqualTo(48 * 1024);
        Instant largeExpiresAt = store.peek("large").toCompletableFuture().join().orElseThrow().expiresAt();
        // a slide now would move the expiry: the clock is past the last served read's millisecond
        Instant lastSlide = largeExpiresAt.minus(Duration.ofMinutes(30));
        await().atMost(Duration.ofSeconds(5)).until(() -> Instant.now().isAfter(lastSlide.plusMillis(2)));

        store.calls.set(0);
        HttpResponse<byte[]> refused = read(base, "large");
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.headers().firstValue("Retry-After")).contains("3");
        assertThat(new String(refused.body(), StandardCharsets.UTF_8)).contains("answers in flight")
                .contains("\"overloaded\":true");
        assertThat(store.calls.get()).as("the refused read asked the store once, for the length").isEqualTo(1);
        assertThat(store.peek("large").toCompletableFuture().join().orElseThrow().expiresAt())
                .as("the refused read did not slide").isEqualTo(largeExpiresAt);

        store.calls.set(0);
        assertThat(read(base, "small").statusCode()).as("a small session is served").isEqualTo(200);
        assertThat(store.calls.get()).as("at one store call").isEqualTo(1);

        answers.release(held);
        Instant beforeServed = Instant.now();
        store.calls.set(0);
        assertThat(read(base, "large").statusCode()).as("served once the share is given back").isEqualTo(200);
        assertThat(store.calls.get()).as("at one store call").isEqualTo(1);
        assertThat(store.peek("large").toCompletableFuture().join().orElseThrow().expiresAt())
                .as("the served read slid").isAfterOrEqualTo(beforeServed.plus(Duration.ofMinutes(30)).minusMillis(1));
    }

    /**
     * A large session read while the large share is held by other answers, which are sent while the store answers
     * its length: the length is then held, and the second store call reads and slides it.
     */
    @Test
    void aLargeSessionReadWhileTheShareIsHeldIsReadAtASecondStoreCallOnceTheShareIsGivenBack() throws Exception {
        AtomicLong heldByOthers = new AtomicLong();
        CountingStore store = new CountingStore(new MemorySessionStore(1L << 34, Clock.systemUTC()),
                () -> answers.release(heldByOthers.getAndSet(0)));
        URI base = start(store, DataSize.ofKilobytes(64));
        write(base, "large", 20 * 1024);
        await().atMost(Duration.ofSeconds(10)).until(() -> answers.held() == 0);
        heldByOthers.set(answers.tryTake(answers.largeAnswerBytes()));

        store.calls.set(0);
        Instant before = Instant.now();
        HttpResponse<byte[]> read = read(base, "large");

        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.body()).hasSize(20 * 1024);
        assertThat(store.calls.get()).as("its length, then the session").isEqualTo(2);
        assertThat(store.peek("large").toCompletableFuture().join().orElseThrow().expiresAt())
                .isAfterOrEqualTo(before.plus(Duration.ofMinutes(30)).minusMillis(1));
    }

    private HttpResponse<byte[]> write(URI base, String id, int bytes) throws IOException, InterruptedException {
        HttpResponse<byte[]> written = send(base, "PUT", SessionApi.SESSIONS_PATH + "/" + id, new byte[bytes],
                "Authorization", "Bearer " + WRITER, "Content-Type", SessionApi.mediaTypeOf("java"));
        assertThat(written.statusCode()).isEqualTo(201);
        return written;
    }

    private HttpResponse<byte[]> read(URI base, String id) throws IOException, InterruptedException {
        return send(base, "GET", SessionApi.SESSIONS_PATH + "/" + id, new byte[0], "Authorization", "Bearer " + READER);
    }

}
