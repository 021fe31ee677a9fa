package dev.sessiondata.client;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static dev.sessiondata.client.SessionClientTest.serializers;
import static dev.sessiondata.client.SessionClientTest.stored;
import static dev.sessiondata.client.SessionClientTest.written;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.sessiondata.client.internal.ContentDigest;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The non-blocking view: the same pipeline as the blocking verbs (token, digests, the 415 re-choice, meters), and no
 * thread held per request in flight.
 */
class AsyncSessionClientTest {

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();

    @Test
    void aReadGoesThroughTheSamePipelineWithItsTokenAndDigestCheck() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        SessionClient client = server.connect("test-text", builder -> builder.meterRegistry(meters));
        server.enqueue(stored("test-text", "hello".getBytes(StandardCharsets.UTF_8), "v4")
                .header("Repr-Digest", ContentDigest.of("hello".getBytes(StandardCharsets.UTF_8))));
        server.enqueue(stored("test-text", "hello".getBytes(StandardCharsets.UTF_8), "v4")
                .header("Repr-Digest", ContentDigest.of("other".getBytes(StandardCharsets.UTF_8))));

        Versioned<String> read = client.async().get("user-42", String.class).toCompletableFuture()
                .get(10, TimeUnit.SECONDS).orElseThrow();
        CompletableFuture<Optional<Versioned<String>>> tampered =
                client.async().get("user-42", String.class).toCompletableFuture();

        assertThat(read.value()).isEqualTo("hello");
        assertThat(read.version()).isEqualTo("v4");
        assertThat(server.takeRequest().header("Authorization")).isEqualTo("Bearer " + SessionClientTest.TOKEN);
        assertThat(tampered).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(IntegrityException.class);
        assertThat(meters.get("sessiondata.client.requests").tag("operation", "get").timer().count()).isEqualTo(2);
    }

    @Test
    void aWriteRefusedWith415IsSentOnceMoreWithTheNewActiveSerializer() throws Exception {
        SessionClient client = server.connect("java", builder -> builder);
        server.enqueue(Answer.problem(415, "https://sessiondata.dev/problems/unsupported-serializer",
                        "Unsupported Media Type", "java is not accepted", "\"accepted\":[\"test-text\"]")
                .header("Session-Serializer-Active", "test-text"));
        server.enqueue(serializers("test-text", "test-text"));
        server.enqueue(written(200, "v3", "test-text"));

        String version = client.async().put("user-42", "hello", WriteOptions.ttl(Duration.ofMinutes(5)))
                .toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertThat(version).isEqualTo("v3");
        ScriptedServer.Recorded first = server.takeRequest();
        assertThat(first.header("Content-Type")).isEqualTo("application/vnd.sessiondata.java");
        assertThat(first.target()).isEqualTo("/api/v1/sessions/user-42?ttl=300");
        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/serializers");
        ScriptedServer.Recorded retried = server.takeRequest();
        assertThat(retried.header("Content-Type")).isEqualTo("application/vnd.sessiondata.test-text");
        assertThat(retried.header("Content-Digest")).isEqualTo(ContentDigest.of(retried.body()));
    }

    @Test
    void anAbsentSessionIsEmptyAndADeleteOfItFalse() throws Exception {
        SessionClient client = server.connect("test-text", builder -> builder);
        server.enqueue(Answer.problem(404, "https://sessiondata.dev/problems/session-not-found", "Not Found", "",
                ""));
        server.enqueue(Answer.problem(404, "https://sessiondata.dev/problems/session-not-found", "Not Found", "",
                ""));

        assertThat(client.async().get("gone", String.class).toCompletableFuture().get(10, TimeUnit.SECONDS))
                .isEmpty();
        assertThat(client.async().delete("gone").toCompletableFuture().get(10, TimeUnit.SECONDS)).isFalse();
    }

    /**
     * The service holds every answer until all {@code IN_FLIGHT} requests have arrived. A client that held a thread
     * per request could not get there: the HTTP client runs on one thread and the requests are started from one.
     */
    @Test
    void manyRequestsAreInFlightAtOnceOnOneThread() throws Exception {
        final int inFlight = 64;
        CountDownLatch allArrived = new CountDownLatch(inFlight);
        AtomicInteger maxWaiting = new AtomicInteger();
        AtomicInteger waiting = new AtomicInteger();
        ExecutorService serverThreads = Executors.newCachedThreadPool();
        HttpServer service = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        service.setExecutor(serverThreads);
        byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
        service.createContext("/", exchange -> {
            try (exchange) {
                maxWaiting.accumulateAndGet(waiting.incrementAndGet(), Math::max);
                allArrived.countDown();
                allArrived.await(20, TimeUnit.SECONDS);
                waiting.decrementAndGet();
                exchange.getResponseHeaders().add("ETag", "\"v1\"");
                exchange.getResponseHeaders().add("Session-Expires-At", SessionClientTest.EXPIRES.toString());
                exchange.getResponseHeaders().add("Content-Type", "application/vnd.sessiondata.test-text");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        service.start();
        ExecutorService oneThread = Executors.newSingleThreadExecutor();
        try (SessionClient client = SessionClient.builder()
                .baseUri(URI.create("http://127.0.0.1:" + service.getAddress().getPort())).token("t")
                .httpClient(HttpClient.newBuilder().executor(oneThread).version(HttpClient.Version.HTTP_1_1).build())
                .build()) {
            List<CompletableFuture<Optional<Versioned<String>>>> reads = new ArrayList<>();
            for (int i = 0; i < inFlight; i++) {
                reads.add(client.async().get("user-" + i, String.class).toCompletableFuture());
            }

            CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);

            assertThat(maxWaiting.get()).isEqualTo(inFlight);
            assertThat(reads).allSatisfy(read -> assertThat(read.join().orElseThrow().value()).isEqualTo("hello"));
        } finally {
            service.stop(0);
            serverThreads.shutdownNow();
            oneThread.shutdownNow();
        }
    }
}
