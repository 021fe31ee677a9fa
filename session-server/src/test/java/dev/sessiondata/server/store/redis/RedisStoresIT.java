package dev.sessiondata.server.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SchemaStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionChanges;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.testsupport.RedisTarget;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Both store kits against a real Redis; every test gets a key prefix of its own, so each store starts empty, and
 * what a test wrote is removed from the shared Redis afterwards.
 */
@ExtendWith(RedisTarget.class)
class RedisStoresIT {

    private static LettuceConnectionFactory connections;

    @BeforeAll
    static void connect() {
        connections = RedisConnections.standalone(RedisTarget.url());
    }

    @AfterAll
    static void disconnect() {
        connections.destroy();
    }

    private String prefix = "";

    private String freshPrefix() {
        prefix = "sessiondata-it-" + UUID.randomUUID() + ":";
        return prefix;
    }

    @AfterEach
    void removeKeys() {
        RedisConnections.deleteKeys(connections, prefix);
    }

    /**
     * Other tests write to the shared Redis at the same time, so the count of this store's few sessions is exact
     * only on the exact path: a sample larger than the test database makes the count a {@code SCAN}.
     */
    @Nested
    class Sessions extends SessionStoreCompatibilityKit {

        private String storePrefix = "";

        @Override
        protected SessionStore createStore() {
            storePrefix = freshPrefix();
            return new RedisSessionStore(connections, storePrefix, Clock.systemUTC());
        }

        @Override
        protected SessionStoreStatistics statisticsOf(SessionStore store) {
            return new RedisSessionStatistics(connections, storePrefix, 100_000);
        }
    }

    /** The change feed kit on the shared Redis. */
    @Nested
    class Changes extends RedisSessionChangesKit {

        @Override
        LettuceConnectionFactory connections() {
            return connections;
        }

        @Override
        String newPrefix() {
            return freshPrefix();
        }
    }

    /**
     * The estimate on the shared Redis, whatever else it holds: the tolerance is six standard errors of the
     * binomial sample for the share these sessions have of the database (exact when they are all of it).
     */
    @Test
    void theEstimatedSessionCountIsCloseToTheSessionsWritten() {
        int sessions = 1000;
        int sample = 200;
        String keyPrefix = freshPrefix();
        SessionStore store = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());
        SessionWrite write = new SessionWrite(new byte[] {1}, "java", Duration.ofMinutes(5));
        for (int i = 0; i < sessions; i++) {
            store.put("s" + i, write, Precondition.none()).toCompletableFuture().join();
        }
        long databaseSize;
        try (RedisConnection connection = connections.getConnection()) {
            databaseSize = connection.serverCommands().dbSize();
        }
        double share = (double) sessions / Math.max(sessions, databaseSize);
        double standardError = sessions * Math.sqrt((1 - share) / (share * sample));

        assertThat((double) new RedisSessionStatistics(connections, keyPrefix, sample).estimatedSessionCount()).isCloseTo(sessions, within(6 * standardError + 1));
    }

    /**
     * A write is staged beside the session and renamed onto it by its script: whether it is written or refused,
     * nothing staged stays behind; the store's keys are the session and its partition's change feed (hash and
     * stream).
     */
    @Test
    void aWriteWrittenOrRefusedLeavesOnlyTheSessionKeyAndItsPartitionsFeed() {
        String keyPrefix = freshPrefix();
        SessionStore store = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());
        SessionWrite write = new SessionWrite(new byte[] {1, 2, 3}, "java", Duration.ofMinutes(5));

        store.put("staged", write, Precondition.none()).toCompletableFuture().join();
        store.put("staged", write, Precondition.none()).toCompletableFuture().join();
        store.put("staged", write, Precondition.absent()).toCompletableFuture().join();
        store.put("staged", write, Precondition.version("stale")).toCompletableFuture().join();

        RedisKeys names = new RedisKeys(keyPrefix, RedisKeys.DEFAULT_PARTITIONS);
        int partition = names.partition("staged");
        assertThat(keys(keyPrefix)).containsExactlyInAnyOrder(
                new String(names.session("staged"), StandardCharsets.UTF_8),
                new String(names.feed(partition), StandardCharsets.UTF_8),
                new String(names.changes(partition), StandardCharsets.UTF_8));
    }

    /**
     * A session the releases before the partitioned key layout wrote is not read (nor slid): one lookup per read, so
     * such sessions are gone after the upgrade, which the changelog says.
     */
    @Test
    void aSessionInTheLayoutBeforePartitionsIsNotRead() {
        String keyPrefix = freshPrefix();
        byte[] key = (keyPrefix + "session:{older}").getBytes(StandardCharsets.UTF_8);
        try (RedisConnection connection = connections.getConnection()) {
            connection.hashCommands().hMSet(key, Map.of(
                    bytes("data"), bytes("older body"), bytes("serializer"), bytes("java"),
                    bytes("version"), bytes("0123456789abcdef"), bytes("ttl"), bytes("600000"),
                    bytes("expires"), bytes("1000")));
            connection.keyCommands().pExpire(key, 600_000);
        }
        SessionStore store = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());

        assertThat(store.get("older").toCompletableFuture().join()).isEmpty();
        assertThat(store.peek("older").toCompletableFuture().join()).isEmpty();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> keys(String keyPrefix) {
        try (RedisConnection connection = connections.getConnection()) {
            return connection.keyCommands().keys(bytes(keyPrefix + "*")).stream()
                    .map(key -> new String(key, StandardCharsets.UTF_8)).toList();
        }
    }

    @Nested
    class Schemas extends SchemaStoreCompatibilityKit {

        @Override
        protected SchemaStore createStore() {
            return new RedisSchemaStore(connections, freshPrefix());
        }
    }

    /**
     * {@code sessiondata.store.redis.slide-resolution}: a sliding read leaves the expiry where it is while the last
     * slide or write is less than the resolution (at most half the ttl) ago, and slides it exactly as before past
     * that; zero slides on every read. The store's clock is this test's; Redis' own expiry follows the slides.
     */
    @Nested
    class SlideResolution {

        private static final Duration TTL = Duration.ofMinutes(30);
        private final SteppedClock clock = new SteppedClock(Instant.parse("2026-01-01T00:00:00Z"));

        private SessionStore store(Duration resolution) {
            return new RedisSessionStore(connections, new RedisKeys(freshPrefix(), RedisKeys.DEFAULT_PARTITIONS), clock,
                    resolution, () -> { });
        }

        private static StoredSession read(SessionStore store, String id) {
            return store.get(id).toCompletableFuture().join().orElseThrow();
        }

        private static void write(SessionStore store, String id, Duration ttl) {
            store.put(id, new SessionWrite(new byte[] {7}, "java", ttl), Precondition.none()).toCompletableFuture().join();
        }

        @Test
        void withoutAResolutionEveryReadSlides() {
            SessionStore store = store(Duration.ZERO);
            Instant written = clock.instant();
            write(store, "exact", TTL);

            clock.step(Duration.ofMillis(1));
            assertThat(read(store, "exact").expiresAt()).isEqualTo(written.plusMillis(1).plus(TTL));
            clock.step(Duration.ofSeconds(1));
            assertThat(read(store, "exact").expiresAt()).isEqualTo(written.plusMillis(1001).plus(TTL));
        }

        @Test
        void withinTheResolutionAReadLeavesTheExpiryAndPastItSlides() {
            SessionStore store = store(Duration.ofMinutes(5));
            Instant written = clock.instant();
            write(store, "coarse", TTL);

            clock.step(Duration.ofMinutes(4));
            assertThat(read(store, "coarse").expiresAt()).isEqualTo(written.plus(TTL));
            clock.step(Duration.ofMinutes(1));
            Instant slid = clock.instant();
            StoredSession afterSlide = read(store, "coarse");
            assertThat(afterSlide.expiresAt()).isEqualTo(slid.plus(TTL));
            assertThat(afterSlide.data()).containsExactly(7);
            clock.step(Duration.ofMinutes(2));
            assertThat(read(store, "coarse").expiresAt()).isEqualTo(slid.plus(TTL));
            assertThat(store.peek("coarse").toCompletableFuture().join().orElseThrow().expiresAt())
                    .isEqualTo(slid.plus(TTL));
        }

        @Test
        void aResolutionLongerThanHalfTheTtlSlidesAtHalfTheTtl() {
            SessionStore store = store(Duration.ofHours(1));
            Duration ttl = Duration.ofMinutes(10);
            write(store, "short", ttl);

            clock.step(Duration.ofMinutes(5));

            assertThat(read(store, "short").expiresAt()).isEqualTo(clock.instant().plus(ttl));
        }

        @Test
        void aNegativeResolutionIsRefused() {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> store(Duration.ofSeconds(-1)));
        }

        /** A clock that moves only when told. */
        private static final class SteppedClock extends Clock {

            private volatile Instant now;

            SteppedClock(Instant start) {
                this.now = start;
            }

            void step(Duration by) {
                now = now.plus(by);
            }

            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Instant instant() {
                return now;
            }
        }
    }
}
