package dev.sessiondata.client.internal.nearcache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.internal.ApiRequest;
import dev.sessiondata.client.internal.ApiResponse;
import dev.sessiondata.client.internal.Authentication;
import dev.sessiondata.client.internal.Interceptor;
import dev.sessiondata.client.internal.Transport;
import dev.sessiondata.client.internal.UrlConnectionExchange;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The race Redis' client-side caching fixes with placeholders, provoked against a real server: a read's reply is
 * held in the chain (an interceptor behind the near cache) until the cache has heard another client's write announced
 * on the feed, and only then handed to the cache, which must not store the version the write replaced.
 */
class InvalidationBeforeReplyIT {

    private TestServer server;
    private SessionClient writer;
    private SimpleMeterRegistry meters;
    private NearCacheInterceptor nearCache;
    private Transport transport;
    private final AtomicBoolean holdNextReply = new AtomicBoolean();
    private final CountDownLatch replyHeld = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    /** Every version the cache has heard announced, by session id. */
    private final Map<String, String> heard = new ConcurrentHashMap<>();

    @BeforeEach
    void start() {
        server = TestServer.start("sessiondata.serializer.active=java");
        writer = SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN).build();
        meters = new SimpleMeterRegistry();
        nearCache = nearCacheTellingWhatItHeard();
        Interceptor holdReply = chain -> chain.proceed(chain.request()).thenApply(response -> {
            if (chain.request().method().equals("GET") && holdNextReply.getAndSet(false)) {
                replyHeld.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return response;
        });
        transport = new Transport(List.of(nearCache, holdReply, new Authentication(TestServer.TOKEN)),
                new UrlConnectionExchange(Duration.ofSeconds(5)), server.baseUri(), Duration.ofSeconds(10));
    }

    /** What {@link NearCaches#interceptor} makes, with the feed's announcements also noted in {@link #heard}. */
    private NearCacheInterceptor nearCacheTellingWhatItHeard() {
        MicrometerNearCacheEvents events = new MicrometerNearCacheEvents(meters);
        NearCache cache = new NearCache(1 << 20, events);
        FeedListener listener = new FeedListener() {
            @Override
            public void hello(Duration heartbeat) {
                cache.hello(heartbeat);
            }

            @Override
            public void alive() {
                cache.alive();
            }

            @Override
            public void changed(String id, String version) {
                cache.changed(id, version);
                heard.put(id, version);
            }

            @Override
            public void deleted(String id) {
                cache.deleted(id);
            }

            @Override
            public void flush(String reason) {
                cache.flush(reason);
            }
        };
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        ChangeFeed feed = new ChangeFeed(HttpClient.newHttpClient(), server.baseUri(), TestServer.TOKEN,
                Duration.ofSeconds(5), listener, scheduler);
        return new NearCacheInterceptor(cache, new Touches(Duration.ofSeconds(5), 1_000, System::nanoTime), events, feed,
                scheduler, List.of(scheduler));
    }

    @AfterEach
    void stop() {
        transport.close();
        writer.close();
        server.close();
    }

    private ApiResponse get(String id) {
        return transport.send(ApiRequest.get("get", "/api/v1/sessions/" + id, 1 << 20));
    }

    private double hits() {
        return meters.get("sessiondata.client.nearcache.gets").tag("result", "hit").counter().count();
    }

    /** Reads another session until the cache serves it: the feed said hello. */
    private void awaitFeed() {
        writer.put("race-warm", "warm");
        Awaitility.await("the feed opens").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(() -> {
                    get("race-warm");
                    return hits() > 0;
                });
    }

    /**
     * Reads {@code race} with its reply held behind the near cache while {@code meanwhile} runs, which returns the
     * version of {@code race} the cache must hear announced before the reply goes on (null: nothing to wait for);
     * then lets the reply reach the cache.
     */
    private ApiResponse readHeldWhile(Supplier<String> meanwhile) throws Exception {
        holdNextReply.set(true);
        CompletableFuture<ApiResponse> read = CompletableFuture.supplyAsync(() -> get("race"));
        assertThat(replyHeld.await(10, TimeUnit.SECONDS)).isTrue();
        String announced = meanwhile.get();
        if (announced != null) {
            Awaitility.await("the cache hears " + announced).atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(5)).until(() -> announced.equals(heard.get("race")));
        }
        release.countDown();
        return read.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aReplyOvertakenByTheChangeEventIsNotCached() throws Exception {
        String first = writer.put("race", "one");
        awaitFeed();
        String[] second = new String[1];

        ApiResponse held = readHeldWhile(() -> second[0] = writer.put("race", "two"));

        assertThat(held.version()).contains(first);
        assertThat(heard.get("race")).as("the cache heard the write before the reply").isEqualTo(second[0]);
        double hitsBefore = hits();
        ApiResponse next = get("race");
        assertThat(next.version()).as("the replaced version was not stored").contains(second[0]);
        assertThat(hits()).isEqualTo(hitsBefore);
    }

    /** The same steps without the write: the held reply is stored, so the test above fails if the rule breaks. */
    @Test
    void aHeldReplyWithoutAChangeIsCached() throws Exception {
        String first = writer.put("race", "one");
        awaitFeed();
        assertThat(readHeldWhile(() -> null).version()).contains(first);
        double hitsBefore = hits();

        assertThat(get("race").version()).contains(first);
        assertThat(hits()).isEqualTo(hitsBefore + 1);
    }
}
