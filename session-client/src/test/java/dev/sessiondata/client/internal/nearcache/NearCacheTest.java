package dev.sessiondata.client.internal.nearcache;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The near cache's rules, driven by the feed's calls as they would arrive, on a clock the test moves. */
class NearCacheTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private static final Instant LATER = NOW.plusSeconds(600);
    private static final byte[] BYTES = {1, 2, 3};
    private static final String TYPE = "application/vnd.sessiondata.java";

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final FlushLog flushLog = new FlushLog();
    private final List<String> flushes = flushLog.reasons;
    private NearCache cache;

    @BeforeEach
    void helloHeard() {
        cache = new NearCache(1 << 20, flushLog, nanos::get,
                Clock.fixed(NOW, ZoneOffset.UTC));
        cache.hello(Duration.ofSeconds(1));
    }

    private boolean store(String id, String version) {
        return cache.complete(cache.begin(id), BYTES, TYPE, version, LATER);
    }

    @Test
    void aReadAnswerIsServedUntilTheFeedAnnouncesAnotherVersion() {
        assertThat(store("a", "v1")).isTrue();
        assertThat(cache.find("a", null)).get().extracting(CachedSession::version).isEqualTo("v1");

        cache.changed("a", "v1");
        assertThat(cache.find("a", null)).as("its own version announced keeps it").isPresent();

        cache.changed("a", "v2");
        assertThat(cache.find("a", null)).isEmpty();
    }

    @Test
    void aDeliveredChangeIsMeasuredFromItsCommitTimeAsTheFeedLag() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MicrometerNearCacheEvents meters = new MicrometerNearCacheEvents(registry);
        NearCache measured = new NearCache(1 << 20, meters, nanos::get, Clock.fixed(NOW, ZoneOffset.UTC));

        measured.delivered(NOW.toEpochMilli() - 250);
        measured.delivered(NOW.toEpochMilli() + 5);

        Timer lag = registry.get("sessiondata.client.nearcache.feed.lag").timer();
        assertThat(lag.count()).isEqualTo(2);
        assertThat(lag.totalTime(TimeUnit.MILLISECONDS)).as("a commit time ahead of this clock counts as 0")
                .isEqualTo(250);
    }

    @Test
    void aDeletionEvicts() {
        store("a", "v1");

        cache.deleted("a");

        assertThat(cache.find("a", null)).isEmpty();
    }

    @Test
    void nothingIsStoredOrServedBeforeHello() {
        NearCache cold = new NearCache(1 << 20, NearCacheEvents.NONE, nanos::get, Clock.fixed(NOW, ZoneOffset.UTC));

        assertThat(cold.complete(cold.begin("a"), BYTES, TYPE, "v1", LATER)).isFalse();
        assertThat(cold.find("a", null)).isEmpty();
    }

    /** The invalidation-before-reply race: the event that replaces the version read arrives before the read's reply. */
    @Test
    void aReplyOlderThanAChangeAnnouncedWhileItWasInFlightIsNotStored() {
        NearCache.Ticket read = cache.begin("a");
        cache.changed("a", "v2");

        assertThat(cache.complete(read, BYTES, TYPE, "v1", LATER)).isFalse();
        assertThat(cache.find("a", null)).isEmpty();
    }

    @Test
    void aReplyOfTheVersionAnnouncedWhileInFlightIsStored() {
        NearCache.Ticket read = cache.begin("a");
        cache.changed("a", "v2");

        assertThat(cache.complete(read, BYTES, TYPE, "v2", LATER)).isTrue();
    }

    @Test
    void aDeletionAnnouncedWhileAReadIsInFlightKeepsItsReplyOut() {
        NearCache.Ticket read = cache.begin("a");
        NearCache.Ticket second = cache.begin("a");
        cache.deleted("a");

        assertThat(cache.complete(read, BYTES, TYPE, "v1", LATER)).isFalse();
        assertThat(cache.complete(second, BYTES, TYPE, "v1", LATER)).isFalse();
        assertThat(store("a", "v3")).as("a read begun after every earlier one ended starts clean").isTrue();
    }

    @Test
    void aReplyBegunBeforeAFlushIsNotStoredAfterIt() {
        NearCache.Ticket read = cache.begin("a");
        cache.flush("reset:trimmed");
        cache.hello(Duration.ofSeconds(1));

        assertThat(cache.complete(read, BYTES, TYPE, "v1", LATER)).isFalse();
        assertThat(flushes).containsExactly("reset:trimmed");
    }

    @Test
    void aFlushDropsEveryEntryAndNothingIsServedUntilTheNextHello() {
        store("a", "v1");

        cache.flush("cut");

        assertThat(cache.find("a", null)).isEmpty();
        assertThat(store("a", "v1")).isFalse();
        cache.hello(Duration.ofSeconds(1));
        assertThat(store("a", "v1")).isTrue();
        assertThat(cache.find("a", null)).isPresent();
    }

    @Test
    void silencePastTwiceTheHeartbeatFlushes() {
        store("a", "v1");
        nanos.addAndGet(Duration.ofMillis(1900).toNanos());
        assertThat(cache.find("a", null)).isPresent();
        cache.alive();

        nanos.addAndGet(Duration.ofMillis(2001).toNanos());

        assertThat(cache.find("a", null)).isEmpty();
        assertThat(flushes).containsExactly("silent");
        assertThat(cache.estimatedSize()).isZero();
    }

    @Test
    void aTokenOfAnotherVersionIsNotServedFromTheCache() {
        store("a", "v1");

        assertThat(cache.find("a", "v1")).isPresent();
        assertThat(cache.find("a", "v0")).isEmpty();
    }

    @Test
    void anEntryPastItsExpiryLowerBoundIsRevalidatedAndATouchRaisesTheBound() {
        cache.complete(cache.begin("a"), BYTES, TYPE, "v1", NOW);
        assertThat(cache.find("a", null)).isEmpty();

        cache.expiresAtLeast("a", LATER);

        assertThat(cache.find("a", null)).isPresent();
    }

    @Test
    void theCacheIsBoundedByTheWeightOfItsBytes() {
        NearCache small = new NearCache(10_000, NearCacheEvents.NONE, nanos::get, Clock.fixed(NOW, ZoneOffset.UTC));
        small.hello(Duration.ofSeconds(1));
        for (int i = 0; i < 100; i++) {
            small.complete(small.begin("s" + i), new byte[1_000], TYPE, "v", LATER);
        }

        assertThat(small.weightedBytes()).isLessThanOrEqualTo(10_000);
        assertThat(small.estimatedSize()).isLessThan(10);
    }

    @Test
    void aDeleteByThisClientKeepsAReadInFlightFromStoring() {
        store("a", "v1");
        NearCache.Ticket read = cache.begin("a");

        cache.forget("a");

        assertThat(cache.find("a", null)).isEmpty();
        assertThat(cache.complete(read, BYTES, TYPE, "v1", LATER)).isFalse();
    }
}
