package dev.sessiondata.client.internal.nearcache;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The feed subscriber over real HTTP, against a JDK HTTP server that streams what each test writes: events reach
 * the cache, a lost stream, a reset and silence flush it, and a reconnection resumes from the last id.
 */
class ChangeFeedTest {

    private static final byte[] BYTES = {1};
    private static final String TYPE = "application/vnd.sessiondata.java";

    private final BlockingQueue<Stream> streams = new LinkedBlockingQueue<>();
    private final FlushLog flushLog = new FlushLog();
    private final List<String> flushes = flushLog.reasons;
    private HttpServer server;
    private ScheduledExecutorService scheduler;
    private NearCache cache;
    private ChangeFeed feed;

    /** One subscriber's stream as the server holds it. */
    private static final class Stream {
        final HttpExchange exchange;
        final CountDownLatch closed = new CountDownLatch(1);

        Stream(HttpExchange exchange) {
            this.exchange = exchange;
        }

        String header(String name) {
            return exchange.getRequestHeaders().getFirst(name);
        }

        void send(String type, String id, String data) throws IOException {
            OutputStream body = exchange.getResponseBody();
            body.write(("event: " + type + "\nid: " + id + "\ndata: " + data + "\n\n")
                    .getBytes(StandardCharsets.UTF_8));
            body.flush();
        }

        void close() {
            exchange.close();
            closed.countDown();
        }
    }

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext(ChangeFeed.PATH, exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            Stream stream = new Stream(exchange);
            streams.add(stream);
            try {
                stream.closed.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
        scheduler = Executors.newSingleThreadScheduledExecutor();
        cache = new NearCache(1 << 20, flushLog);
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        // shorter than the heartbeats test runs: the timeout bounds the wait for the answer's head, not the stream
        feed = new ChangeFeed(HttpClient.newHttpClient(), base, "t0ken", Duration.ofMillis(500), cache, scheduler);
        feed.start();
    }

    @AfterEach
    void stop() {
        feed.close();
        scheduler.shutdownNow();
        streams.forEach(Stream::close);
        server.stop(0);
    }

    private Stream nextStream() throws InterruptedException {
        Stream stream = streams.poll(10, TimeUnit.SECONDS);
        assertThat(stream).as("a subscription reached the server").isNotNull();
        return stream;
    }

    private boolean store(String id, String version) {
        return cache.complete(cache.begin(id), BYTES, TYPE, version, Instant.now().plusSeconds(600));
    }

    private static void await(BooleanSupplier condition, String what) {
        Awaitility.await(what).atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5))
                .until(condition::getAsBoolean);
    }

    @Test
    void theSubscriptionCarriesTheTokenAndEventStreamAndAChangeEvicts() throws Exception {
        Stream stream = nextStream();
        assertThat(stream.header("Authorization")).isEqualTo("Bearer t0ken");
        assertThat(stream.header("Accept")).isEqualTo("text/event-stream");
        assertThat(stream.header("Last-Event-ID")).isNull();
        assertThat(cache.serving()).as("nothing before hello").isFalse();

        stream.send("hello", "p0", "{\"heartbeatMillis\":1000}");
        await(cache::serving, "hello opens the cache");
        assertThat(store("a", "v1")).isTrue();
        stream.send("change", "p1", "{\"id\":\"a\",\"version\":\"v2\"}");

        await(() -> cache.find("a", null).isEmpty(), "the change evicts");
        store("b", "v1");
        stream.send("change", "p2", "{\"id\":\"b\",\"deleted\":true}");
        await(() -> cache.find("b", null).isEmpty(), "the deletion evicts");
    }

    /** A group's subscriber hears the events it is to publish with the index values the session had. */
    @Test
    void anEventToPublishCarriesTheSessionsIndexValues() throws Exception {
        List<String> published = new CopyOnWriteArrayList<>();
        FeedListener publisher = EventFeeds.publishing(
                (id, kind, indexes) -> published.add(kind + " " + id + " " + indexes));
        nextStream();
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        ChangeFeed grouped = new ChangeFeed(HttpClient.newHttpClient(), base, "t0ken", "shop", Duration.ofMillis(500),
                publisher, scheduler);
        grouped.start();
        try {
            Stream stream = nextStream();
            stream.send("hello", "p0", "{\"heartbeatMillis\":1000}");
            stream.send("change", "p1", "{\"id\":\"a\",\"version\":\"v1\",\"kind\":\"created\","
                    + "\"index\":{\"principal\":\"ada \\\"the first\\\"\",\"odd\":7},\"publish\":true}");
            stream.send("change", "p2", "{\"id\":\"a\",\"deleted\":true,\"kind\":\"expired\","
                    + "\"index\":{\"principal\":\"ada\"},\"t\":1,\"publish\":true}");
            stream.send("change", "p3", "{\"id\":\"b\",\"deleted\":true,\"publish\":true}");

            await(() -> published.size() == 3, "three events to publish");
            assertThat(published).containsExactly("created a {principal=ada \"the first\"}",
                    "expired a {principal=ada}", "deleted b {}");
        } finally {
            grouped.close();
        }
    }

    @Test
    void aChangeCarryingItsCommitTimeReportsTheFeedLag() throws Exception {
        Stream stream = nextStream();
        stream.send("hello", "p0", "{\"heartbeatMillis\":1000}");
        await(cache::serving, "hello opens the cache");
        long committed = System.currentTimeMillis() - 60_000;

        stream.send("change", "p1", "{\"id\":\"a\",\"version\":\"v2\",\"t\":" + committed + "}");
        stream.send("change", "p2", "{\"id\":\"b\",\"version\":\"v1\"}");

        await(() -> flushLog.lags.size() == 1, "the change with t reports its lag");
        assertThat(flushLog.lags.get(0)).isGreaterThanOrEqualTo(60_000);
    }

    @Test
    void aLostStreamFlushesAndTheNextResumesFromTheLastId() throws Exception {
        Stream first = nextStream();
        first.send("hello", "p0", "{\"heartbeatMillis\":1000}");
        first.send("change", "p7", "{\"id\":\"x\",\"version\":\"v1\"}");
        await(cache::serving, "hello opens the cache");
        await(() -> store("a", "v1"), "stored");

        first.close();

        await(() -> flushes.contains("cut"), "a lost stream flushes the cache");
        assertThat(cache.serving()).isFalse();
        assertThat(cache.find("a", null)).isEmpty();
        Stream second = nextStream();
        assertThat(second.header("Last-Event-ID")).isEqualTo("p7");
        assertThat(store("a", "v1")).as("nothing stored before the new stream's hello").isFalse();
        second.send("hello", "p7", "{\"heartbeatMillis\":1000}");
        await(cache::serving, "the new hello opens the cache again");
    }

    @Test
    void aResetFlushes() throws Exception {
        Stream stream = nextStream();
        stream.send("hello", "p0", "{\"heartbeatMillis\":1000}");
        await(cache::serving, "hello opens the cache");
        store("a", "v1");

        stream.send("reset", "p9", "{\"reason\":\"trimmed\"}");

        await(() -> flushes.contains("reset:trimmed"), "the reset flushes");
        assertThat(cache.find("a", null)).isEmpty();
    }

    @Test
    void silencePastTwiceTheHeartbeatFlushesAndReconnects() throws Exception {
        Stream stream = nextStream();
        stream.send("hello", "p0", "{\"heartbeatMillis\":200}");
        await(cache::serving, "hello opens the cache");
        store("a", "v1");
        long silentSince = System.nanoTime();

        await(() -> !cache.serving(), "silence closes the cache");

        assertThat(Duration.ofNanos(System.nanoTime() - silentSince)).isLessThan(Duration.ofSeconds(2));
        assertThat(cache.find("a", null)).isEmpty();
        assertThat(nextStream().header("Last-Event-ID")).isEqualTo("p0");
    }

    @Test
    void heartbeatsKeepTheCacheServing() throws Exception {
        Stream stream = nextStream();
        stream.send("hello", "p0", "{\"heartbeatMillis\":200}");
        await(cache::serving, "hello opens the cache");
        store("a", "v1");

        // the passing time is what is tested: a second, five heartbeat intervals, with a heartbeat every half of one
        java.util.concurrent.atomic.AtomicInteger sent = new java.util.concurrent.atomic.AtomicInteger();
        ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor();
        try {
            beats.scheduleAtFixedRate(() -> {
                if (sent.get() < 10) {
                    try {
                        stream.send("heartbeat", "p0", "{}");
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    sent.incrementAndGet();
                }
            }, 100, 100, TimeUnit.MILLISECONDS);
            await(() -> sent.get() == 10, "ten heartbeats sent");
        } finally {
            beats.shutdownNow();
        }

        assertThat(cache.find("a", null)).isPresent();
        assertThat(flushes).isEmpty();
    }
}
