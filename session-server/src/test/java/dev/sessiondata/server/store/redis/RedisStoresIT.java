package dev.sessiondata.server.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SchemaStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionIndexCompatibilityKit;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.SessionStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.WriteResult;
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
import java.util.concurrent.ExecutionException;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnection;
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
     * nothing staged stays behind, and the session key is the only key of the store.
     */
    @Test
    void aWriteWrittenOrRefusedLeavesOnlyTheSessionKey() {
        String keyPrefix = freshPrefix();
        SessionStore store = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());
        SessionWrite write = new SessionWrite(new byte[] {1, 2, 3}, "java", Duration.ofMinutes(5));

        store.put("staged", write, Precondition.none()).toCompletableFuture().join();
        store.put("staged", write, Precondition.none()).toCompletableFuture().join();
        store.put("staged", write, Precondition.absent()).toCompletableFuture().join();
        store.put("staged", write, Precondition.version("stale")).toCompletableFuture().join();

        assertThat(keys(keyPrefix)).containsExactly(keyPrefix + "session:{staged}");
    }

    /**
     * The hash the previous releases wrote (and still write while a deployment is rolled) reads back, slides and is
     * replaced: the layout did not change when the scripts stopped carrying the body.
     */
    @Test
    void aSessionInTheLayoutOfThePreviousReleaseReadsSlidesAndIsReplaced() {
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
        Instant beforeSlide = Instant.now();

        StoredSession read = store.get("older").toCompletableFuture().join().orElseThrow();

        assertThat(read.data()).isEqualTo(bytes("older body"));
        assertThat(read.version()).isEqualTo("0123456789abcdef");
        assertThat(read.digest()).isNull();
        assertThat(read.expiresAt()).isAfterOrEqualTo(beforeSlide.plusSeconds(600).minusMillis(1));
        WriteResult replaced = store.put("older", new SessionWrite(bytes("newer"), "java", Duration.ofMinutes(5), true,
                null), Precondition.version("0123456789abcdef")).toCompletableFuture().join();
        assertThat(replaced.outcome()).isEqualTo(WriteResult.Outcome.REPLACED);
        assertThat(replaced.expiresAt()).isAfterOrEqualTo(beforeSlide.plusSeconds(600).minusMillis(1));
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
    class Indexes extends SessionIndexCompatibilityKit {

        @Override
        protected SessionStore createStore() {
            return new RedisSessionStore(connections, freshPrefix(), Clock.systemUTC(), Duration.ZERO, () -> { },
                    MAX_SESSIONS_PER_VALUE);
        }
    }

    private static SessionWrite indexed(String principal, Duration ttl) {
        return new SessionWrite(new byte[] {1, 2, 3}, "java", ttl, false, null,
                new IndexValues(Map.of("principal", principal)));
    }

    /** Sessions expire by Redis' own expiry, and the index sets listing them expire no later than the last of them. */
    @Test
    void noIndexKeyOutlivesItsSessions() throws InterruptedException {
        String keyPrefix = freshPrefix();
        SessionStore store = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());
        for (int i = 0; i < 50; i++) {
            store.put("s" + i, indexed("user-" + (i % 10), Duration.ofMillis(200 + 10 * i)), Precondition.none())
                    .toCompletableFuture().join();
        }
        assertThat(keys(keyPrefix)).filteredOn(key -> key.startsWith(keyPrefix + "index:")).hasSize(10);

        Thread.sleep(1200);

        assertThat(keys(keyPrefix)).isEmpty();
    }

    /** An index set's expiry is at least that of each session it lists, after a write and after a slide. */
    @Test
    void anIndexSetExpiresNoEarlierThanItsSessionsAfterAWriteAndASlide() throws InterruptedException {
        String keyPrefix = freshPrefix();
        SessionStore store = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());
        store.put("long", indexed("ada", Duration.ofSeconds(60)), Precondition.none()).toCompletableFuture().join();
        store.put("short", indexed("ada", Duration.ofSeconds(2)), Precondition.none()).toCompletableFuture().join();
        assertThat(pttl(keyPrefix + "index:principal:ada")).isGreaterThan(59_000);

        store.put("other", indexed("bob", Duration.ofSeconds(2)), Precondition.none()).toCompletableFuture().join();
        Thread.sleep(1000);
        store.get("other").toCompletableFuture().join();

        assertThat(pttl(keyPrefix + "index:principal:bob")).isGreaterThanOrEqualTo(pttl(keyPrefix + "session:{other}"))
                .isGreaterThan(1500);
    }

    /**
     * What the principal index costs in Redis per session, by {@code MEMORY USAGE}: the same sessions written with
     * and without a principal (ten sessions per principal), all their keys summed. A body of a few bytes keeps the
     * session hash in Redis' compact encoding, where the principal's field costs least; a body of 1 KiB, as most
     * sessions have, makes it a hash table, where each field costs its entry too.
     */
    @Test
    void theIndexCostsLittleMemoryPerSession() {
        int sessions = 1000;
        for (int body : new int[] {3, 1024}) {
            long without = memoryOfSessions(sessions, false, body);
            long with = memoryOfSessions(sessions, true, body);
            double perSession = (double) (with - without) / sessions;
            System.out.printf("principal index: %.1f bytes per session in Redis (%d sessions of %d bytes, "
                    + "10 per principal)%n", perSession, sessions, body);
            assertThat(perSession).isPositive().isLessThan(200);
        }
    }

    private long memoryOfSessions(int sessions, boolean indexed, int body) {
        String keyPrefix = freshPrefix();
        SessionStore store = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());
        for (int i = 0; i < sessions; i++) {
            SessionWrite write = new SessionWrite(new byte[body], "java", Duration.ofMinutes(5), false, null,
                    indexed ? new IndexValues(Map.of("principal", "user-" + (i % (sessions / 10)) + "@example.com"))
                            : IndexValues.none());
            store.put(UUID.nameUUIDFromBytes(bytes("s" + i)).toString(), write, Precondition.none())
                    .toCompletableFuture().join();
        }
        long total = 0;
        try (RedisConnection connection = connections.getConnection()) {
            @SuppressWarnings("unchecked")
            var redis = (RedisClusterAsyncCommands<byte[], byte[]>) ((LettuceConnection) connection).getNativeConnection();
            for (String key : keys(keyPrefix)) {
                // SAMPLES 0: every field counted, where the default estimates a hash table from five of them
                total += redis.dispatch(CommandType.MEMORY, new IntegerOutput<>(ByteArrayCodec.INSTANCE),
                        new CommandArgs<>(ByteArrayCodec.INSTANCE).add("USAGE").addKey(bytes(key)).add("SAMPLES").add(0))
                        .get();
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
        RedisConnections.deleteKeys(connections, keyPrefix);
        return total;
    }

    private static long pttl(String key) {
        try (RedisConnection connection = connections.getConnection()) {
            return connection.keyCommands().pTtl(bytes(key));
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
            return new RedisSessionStore(connections, freshPrefix(), clock, resolution, () -> { });
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
