package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.ReadOptions;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The near cache against a real server's change feed (memory store), reached through a {@link FeedProxy} that can
 * freeze or cut the feed alone: a change made through another client evicts, a cut stream flushes and reads stay
 * correct, a deleted session is served past no bound with the feed frozen, and the read-your-writes token skips an
 * entry of another version.
 */
class NearCacheIT {

    /** Twice the server's default heartbeat (1 s): the longest a cut feed's cache may serve. */
    private static final Duration BOUND = Duration.ofSeconds(2);

    private static TestServer server;
    private static FeedProxy proxy;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start("sessiondata.serializer.active=java");
        proxy = new FeedProxy(server.baseUri());
    }

    @AfterAll
    static void stop() throws Exception {
        proxy.close();
        server.close();
    }

    private static SessionClient cached(SimpleMeterRegistry meters) {
        return SessionClient.builder().baseUri(proxy.baseUri()).token(TestServer.TOKEN).meterRegistry(meters)
                .nearCache(1 << 20).build();
    }

    private static SessionClient plain() {
        return SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN).build();
    }

    private static double hits(SimpleMeterRegistry meters) {
        return meters.get("sessiondata.client.nearcache.gets").tag("result", "hit").counter().count();
    }

    private static Optional<String> read(SessionClient client, String id) {
        return client.get(id, String.class).map(Versioned::value);
    }

    /** Reads until the cache serves {@code id} (the feed's hello may still be on its way), at most 10 s. */
    private static void awaitHit(SessionClient client, SimpleMeterRegistry meters, String id) throws Exception {
        await(() -> {
            double before = hits(meters);
            read(client, id);
            return hits(meters) > before;
        }, "the near cache serves " + id);
    }

    private static void await(BooleanSupplier condition, String what) {
        Awaitility.await(what).atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(condition::getAsBoolean);
    }

    /**
     * Ten cached reads of each of twenty sessions slide their expiry with one batch touch: the touches of one
     * resolution go out together. At most two requests, because the pass that sends them runs on its own schedule and
     * may fall between the reads; never one a session, as before batch touches.
     */
    @Test
    void cachedReadsOfManySessionsAreTouchedInOneRequest() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        int sessions = 20;
        try (SessionClient other = plain(); SessionClient near = SessionClient.builder().baseUri(proxy.baseUri())
                .token(TestServer.TOKEN).meterRegistry(meters).nearCache(1 << 20)
                .nearCacheTouchResolution(Duration.ofSeconds(2)).build()) {
            for (int i = 0; i < sessions; i++) {
                other.put("nc-touched-" + i, "value " + i);
            }
            for (int i = 0; i < sessions; i++) {
                awaitHit(near, meters, "nc-touched-" + i);
                for (int read = 0; read < 10; read++) {
                    assertThat(read(near, "nc-touched-" + i)).contains("value " + i);
                }
            }

            await(() -> touchesSent(meters) == sessions, "every session's touch is sent");
            List<Timer> requests = List.copyOf(meters.find("sessiondata.client.requests")
                    .tag("operation", "near-cache-touch").timers());
            assertThat(requests).extracting(timer -> timer.getId().getTag("outcome")).containsOnly("success");
            assertThat(requests.stream().mapToLong(Timer::count).sum()).isBetween(1L, 2L);
            for (int i = 0; i < sessions; i++) {
                other.delete("nc-touched-" + i);
            }
        }
    }

    private static double touchesSent(SimpleMeterRegistry meters) {
        return meters.get("sessiondata.client.nearcache.touches").counter().count();
    }

    @Test
    void aChangeThroughAnotherClientEvictsTheEntry() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (SessionClient near = cached(meters); SessionClient other = plain()) {
            other.put("nc-change", "one");
            awaitHit(near, meters, "nc-change");
            assertThat(read(near, "nc-change")).contains("one");

            other.put("nc-change", "two");

            await(() -> read(near, "nc-change").equals(Optional.of("two")), "the change reaches the cache");
            awaitHit(near, meters, "nc-change");
            assertThat(read(near, "nc-change")).contains("two");
        }
    }

    @Test
    void aWriteThroughTheCachingClientIsReadBackFromTheCacheAndAnUpdateUsesItsVersion() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (SessionClient near = cached(meters)) {
            near.put("nc-own", "one");
            awaitHit(near, meters, "nc-own");
            String version = near.put("nc-own", "two");
            double before = hits(meters);

            Versioned<String> read = near.get("nc-own", String.class).orElseThrow();

            assertThat(read.value()).isEqualTo("two");
            assertThat(read.version()).isEqualTo(version);
            assertThat(hits(meters)).as("its own write is served from the cache").isEqualTo(before + 1);
            assertThat(near.update("nc-own", String.class, value -> value + "!")).isEqualTo("two!");
            assertThat(plain().get("nc-own", String.class).orElseThrow().value()).isEqualTo("two!");
        }
    }

    @Test
    void aCutStreamFlushesAndReadsAreCorrectAfter() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (SessionClient near = cached(meters); SessionClient other = plain()) {
            other.put("nc-cut", "one");
            awaitHit(near, meters, "nc-cut");
            proxy.freezeFeeds();
            try {
                other.put("nc-cut", "two");
                proxy.cutFeeds();
                // the change was never delivered: only the flush on the lost stream keeps "one" from being served
                await(() -> read(near, "nc-cut").equals(Optional.of("two")), "the cut flushes");
            } finally {
                proxy.thaw();
            }
            assertThat(read(near, "nc-cut")).contains("two");
            awaitHit(near, meters, "nc-cut");
            assertThat(meters.get("sessiondata.client.nearcache.flushes").tag("reason", "cut").counter().count())
                    .isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void aDeletedSessionIsServedPastNoBoundWithTheFeedFrozen() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (SessionClient near = cached(meters); SessionClient other = plain()) {
            other.put("nc-delete", "secret");
            awaitHit(near, meters, "nc-delete");
            proxy.freezeFeeds();
            try {
                assertThat(other.delete("nc-delete")).isTrue();
                long deleted = System.nanoTime();
                // read every few milliseconds until it is no longer served, keeping the last time it was; then it
                // must stay unserved until a second past the bound
                AtomicLong lastServed = new AtomicLong(deleted);
                Awaitility.await().pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5))
                        .atMost(BOUND.plusSeconds(1)).until(() -> {
                            boolean served = read(near, "nc-delete").isPresent();
                            if (served) {
                                lastServed.set(System.nanoTime());
                            }
                            return !served;
                        });
                Duration served = Duration.ofNanos(lastServed.get() - deleted);
                System.out.printf("a deleted session was served from the near cache for %d ms with the feed frozen "
                        + "(bound %d ms)%n", served.toMillis(), BOUND.toMillis());
                assertThat(served).isLessThanOrEqualTo(BOUND);
                Duration rest = BOUND.plusSeconds(1).minus(Duration.ofNanos(System.nanoTime() - deleted));
                Awaitility.await().pollInterval(Duration.ofMillis(5)).during(rest).atMost(rest.plusSeconds(2))
                        .until(() -> read(near, "nc-delete").isEmpty());
            } finally {
                proxy.thaw();
                proxy.cutFeeds();
            }
        }
    }

    @Test
    void aTokenOfAnotherVersionReadsFromTheService() throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (SessionClient near = cached(meters); SessionClient other = plain()) {
            other.put("nc-token", "one");
            awaitHit(near, meters, "nc-token");
            proxy.freezeFeeds();
            try {
                String written = other.put("nc-token", "two");
                // the feed is held back: the entry is still "one", but the user's token says "two"
                Versioned<String> read = near.get("nc-token", String.class, ReadOptions.atLeast(written))
                        .orElseThrow();
                assertThat(read.value()).isEqualTo("two");
                assertThat(read.version()).isEqualTo(written);
            } finally {
                proxy.thaw();
            }
        }
    }
}
