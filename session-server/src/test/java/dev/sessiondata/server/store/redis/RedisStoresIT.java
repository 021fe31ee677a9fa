package dev.sessiondata.server.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.server.store.IndexPage;
import dev.sessiondata.server.store.IndexValueFullException;
import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SchemaStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionChanges;
import dev.sessiondata.server.store.SessionRead;
import dev.sessiondata.server.store.SessionIndexCompatibilityKit;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.stream.IntStream;
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

    /**
     * A read with a ceiling asks without a script for a session this instance last saw within the ceiling. A session
     * another instance rewrote larger meanwhile is still answered by its length alone, neither kept nor slid, by a
     * peek and by a sliding read alike; once its new length is known, a read with room for it reads and slides it.
     */
    @Test
    void aSessionRewrittenLargerThroughAnotherInstanceIsAnsweredByItsLengthWhereThisOneSawItSmall() {
        String keyPrefix = freshPrefix();
        SessionStore here = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());
        SessionStore there = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());
        Duration ttl = Duration.ofMinutes(5);
        SessionWrite small = new SessionWrite(new byte[10], "java", ttl);
        SessionWrite large = new SessionWrite(new byte[1000], "java", ttl);

        here.put("grows", small, Precondition.none()).toCompletableFuture().join();
        there.put("grows", large, Precondition.none()).toCompletableFuture().join();
        SessionRead peeked = here.peek("grows", 100).toCompletableFuture().join();
        assertThat(peeked.isLarger()).isTrue();
        assertThat(peeked.length()).isEqualTo(1000);

        here.put("grows", small, Precondition.none()).toCompletableFuture().join();
        Instant written = there.put("grows", large, Precondition.none()).toCompletableFuture().join().expiresAt();
        // a slide now would move the expiry: the clock is past the write's millisecond
        await().atMost(Duration.ofSeconds(5)).until(() -> Instant.now().isAfter(written.minus(ttl).plusMillis(2)));
        SessionRead refused = here.get("grows", 100).toCompletableFuture().join();
        assertThat(refused.isLarger()).isTrue();
        assertThat(refused.length()).isEqualTo(1000);
        assertThat(refused.session()).isNull();
        assertThat(there.peek("grows").toCompletableFuture().join().orElseThrow().expiresAt()).as("not slid")
                .isEqualTo(written);

        SessionRead read = here.get("grows", 1000).toCompletableFuture().join();
        assertThat(read.session()).isNotNull();
        assertThat(read.session().data()).hasSize(1000);
        assertThat(read.session().expiresAt()).isAfter(written);
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

    /** On one partition, where the bound of a value is the bound of its one set. */
    @Nested
    class Indexes extends SessionIndexCompatibilityKit {

        @Override
        protected SessionStore createStore() {
            return new RedisSessionStore(connections, new RedisKeys(freshPrefix(), 1), Clock.systemUTC(),
                    Duration.ZERO, () -> { }, MAX_SESSIONS_PER_VALUE,
                    RedisSessionStore.DEFAULT_CHANGE_STREAM_LENGTH);
        }
    }

    /** {@link CrossPartitionIdChange} on one server. */
    @Test
    void anIdChangeAcrossPartitionsMovesTheIndexEntry() {
        RedisKeys keys = new RedisKeys(freshPrefix(), RedisKeys.DEFAULT_PARTITIONS);
        CrossPartitionIdChange.movesTheIndexEntry(
                new RedisSessionStore(connections, keys, Clock.systemUTC(), Duration.ZERO, () -> { }), keys);
    }

    /**
     * On the default partitions a value's sessions are in several sets, one per partition: a lookup merges them in
     * the order of the ids and pages through them with the cursor. The bound holds per partition's set.
     */
    @Test
    void aValuesSessionsInSeveralPartitionsAreListedTogetherAndPaged() {
        RedisKeys keys = new RedisKeys(freshPrefix(), RedisKeys.DEFAULT_PARTITIONS);
        RedisSessionStore store = new RedisSessionStore(connections, keys, Clock.systemUTC(), Duration.ZERO, () -> { },
                3, RedisSessionStore.DEFAULT_CHANGE_STREAM_LENGTH);
        List<String> written = new ArrayList<>();
        int[] perPartition = new int[keys.partitions()];
        for (int i = 0; written.size() < 30; i++) {
            String id = "s" + i;
            if (perPartition[keys.partition(id)] < 3) {
                perPartition[keys.partition(id)]++;
                store.put(id, indexed("ada", Duration.ofMinutes(5)), Precondition.none()).toCompletableFuture().join();
                written.add(id);
            }
        }
        String full = "s" + IntStream.range(0, 10_000).filter(i -> !written.contains("s" + i)
                && perPartition[keys.partition("s" + i)] == 3).findFirst().orElseThrow();

        List<String> listed = new ArrayList<>();
        String after = null;
        do {
            IndexPage page = store.sessions("principal", "ada", after, 7).toCompletableFuture().join();
            assertThat(page.sessions()).hasSizeLessThanOrEqualTo(7);
            page.sessions().forEach(session -> listed.add(session.id()));
            after = page.next();
        } while (after != null);

        assertThat(listed).containsExactlyElementsOf(written.stream().sorted().toList());
        assertThat(keys(prefix)).filteredOn(key -> key.contains("}:index:principal:ada"))
                .hasSizeGreaterThan(1);
        assertThat(store.put(full, indexed("ada", Duration.ofMinutes(5)), Precondition.none()).toCompletableFuture())
                .failsWithin(Duration.ofSeconds(5)).withThrowableOfType(ExecutionException.class)
                .withCauseInstanceOf(IndexValueFullException.class);
    }

    private static SessionWrite indexed(String principal, Duration ttl) {
        return new SessionWrite(new byte[] {1, 2, 3}, "java", ttl, false, null,
                new IndexValues(Map.of("principal", principal)));
    }

    /**
     * Sessions expire by Redis' own expiry, the index sets listing them at most the index expiry resolution after the
     * last of them, and the keys that keep their index values for their expiries' changes at most {@link
     * RedisSessionStore#INDEXES_KEPT_PAST_EXPIRY} and the resolution after them.
     */
    @Test
    void noIndexKeyOutlivesItsSessions() {
        String keyPrefix = freshPrefix();
        Duration resolution = Duration.ofMillis(500);
        SessionStore store = new RedisSessionStore(connections, new RedisKeys(keyPrefix, RedisKeys.DEFAULT_PARTITIONS),
                Clock.systemUTC(), Duration.ZERO, () -> { }, RedisSessionStore.DEFAULT_MAX_SESSIONS_PER_VALUE,
                RedisSessionStore.DEFAULT_CHANGE_STREAM_LENGTH, resolution);
        for (int i = 0; i < 50; i++) {
            store.put("s" + i, indexed("user-" + (i % 10), Duration.ofMillis(200 + 10 * i)), Precondition.none())
                    .toCompletableFuture().join();
        }
        assertThat(keys(keyPrefix)).filteredOn(key -> key.contains("}:index:")).isNotEmpty();

        // KEYS leaves out keys past their expiry: once no session is listed, a set that outlived them would be
        await().atMost(Duration.ofSeconds(5))
                .until(() -> keys(keyPrefix).stream().noneMatch(key -> key.contains("}:session:")));
        await().atMost(Duration.ofSeconds(5))
                .until(() -> keys(keyPrefix).stream().noneMatch(key -> key.contains("}:index:")));

        // the change feed's two keys per partition have no expiry of their own (RedisKeys)
        List<String> left = keys(keyPrefix).stream()
                .filter(key -> !key.endsWith("}:feed") && !key.endsWith("}:changes")).toList();
        assertThat(left).allMatch(key -> key.contains("}:indexed:s"));
        assertThat(left).allSatisfy(key -> assertThat(pttl(bytes(key))).isPositive()
                .isLessThanOrEqualTo(RedisSessionStore.INDEXES_KEPT_PAST_EXPIRY.plus(resolution).toMillis()));
    }

    /** An index set's expiry is at least that of each session it lists, after a write and after a slide. */
    @Test
    void anIndexSetExpiresNoEarlierThanItsSessionsAfterAWriteAndASlide() {
        String keyPrefix = freshPrefix();
        RedisKeys keys = new RedisKeys(keyPrefix, 1);
        SessionStore store = new RedisSessionStore(connections, keys, Clock.systemUTC(), Duration.ZERO, () -> { });
        store.put("long", indexed("ada", Duration.ofSeconds(60)), Precondition.none()).toCompletableFuture().join();
        store.put("short", indexed("ada", Duration.ofSeconds(2)), Precondition.none()).toCompletableFuture().join();
        assertThat(pttl(keys.index(0, "principal", "ada"))).isGreaterThan(59_000);

        store.put("other", indexed("bob", Duration.ofSeconds(2)), Precondition.none()).toCompletableFuture().join();
        // half the session's ttl gone, so that the slide moves its expiry past the set's of the write
        await().atMost(Duration.ofSeconds(5)).until(() -> pttl(keys.session("other")) < 1000);
        store.get("other").toCompletableFuture().join();

        assertThat(pttl(keys.index(0, "principal", "bob"))).isGreaterThanOrEqualTo(pttl(keys.session("other")))
                .isGreaterThan(1500);
    }

    /**
     * A rewrite with the index value it had does not add the session to the set again, nor calls on the index at all
     * within the session's expiry bucket, but lists it again in a set that is gone (an evicting
     * {@code maxmemory-policy} drops keys with an expiry) at its first write in a later bucket, with the set's expiry.
     */
    @Test
    void aRewriteListsTheSessionAgainInASetThatWasDroppedOnceTheBucketTurns() {
        RedisKeys keys = new RedisKeys(freshPrefix(), 1);
        SlideResolution.SteppedClock clock = new SlideResolution.SteppedClock(Instant.now());
        RedisSessionStore store = new RedisSessionStore(connections, keys, clock, Duration.ZERO, () -> { });
        byte[] set = keys.index(0, "principal", "ada");
        store.put("kept", indexed("ada", Duration.ofSeconds(60)), Precondition.none()).toCompletableFuture().join();
        store.put("kept", indexed("ada", Duration.ofSeconds(60)), Precondition.none()).toCompletableFuture().join();
        assertThat(listed(store, "ada")).containsExactly("kept");

        try (RedisConnection connection = connections.getConnection()) {
            connection.keyCommands().del(set);
        }
        assertThat(listed(store, "ada")).isEmpty();
        store.put("kept", indexed("ada", Duration.ofSeconds(60)), Precondition.none()).toCompletableFuture().join();
        assertThat(listed(store, "ada")).isEmpty();

        clock.step(RedisSessionStore.DEFAULT_INDEX_EXPIRY_RESOLUTION);
        store.put("kept", indexed("ada", Duration.ofSeconds(60)), Precondition.none()).toCompletableFuture().join();

        assertThat(listed(store, "ada")).containsExactly("kept");
        assertThat(pttl(set)).isGreaterThan(59_000);
    }

    /**
     * A session that keeps its own ttl has its index keys expire by the bucket of that ttl, not the write's: no set
     * and no kept index values expire before the session.
     */
    @Test
    void aSessionKeepingItsTtlKeepsItsIndexAsLong() {
        RedisKeys keys = new RedisKeys(freshPrefix(), 1);
        RedisSessionStore store = new RedisSessionStore(connections, keys, Clock.systemUTC(), Duration.ZERO, () -> { });
        store.put("kept", indexed("ada", Duration.ofMinutes(10)), Precondition.none()).toCompletableFuture().join();
        store.put("kept", new SessionWrite(new byte[] {4}, "java", Duration.ofSeconds(5), true, null,
                new IndexValues(Map.of("principal", "bob"))), Precondition.none()).toCompletableFuture().join();

        long session = pttl(keys.session("kept"));
        assertThat(session).isGreaterThan(590_000);
        assertThat(pttl(keys.index(0, "principal", "bob"))).isGreaterThanOrEqualTo(session);
        assertThat(pttl(keys.indexed("kept"))).isGreaterThanOrEqualTo(
                session + RedisSessionStore.INDEXES_KEPT_PAST_EXPIRY.toMillis());
        assertThat(listed(store, "bob")).containsExactly("kept");
        assertThat(listed(store, "ada")).isEmpty();
    }

    private static List<String> listed(RedisSessionStore store, String principal) {
        return store.sessions("principal", principal, null, 10).toCompletableFuture().join().sessions().stream()
                .map(session -> session.id()).toList();
    }

    /**
     * What the principal index costs in Redis per session, by {@code MEMORY USAGE}: the same sessions of 1 KiB written
     * with and without a principal, all their keys summed, for one session per principal (one set per session) and
     * for ten (sets shared where the sessions share a partition). The keys carry this test's long prefix.
     */
    @Test
    void theIndexCostsLittleMemoryPerSession() {
        int sessions = 1000;
        for (int perPrincipal : new int[] {1, 10}) {
            long without = memoryOfSessions(sessions, 0, 1024);
            long with = memoryOfSessions(sessions, perPrincipal, 1024);
            double perSession = (double) (with - without) / sessions;
            System.out.printf("principal index: %.1f bytes per session in Redis (%d sessions of 1 KiB, %d per "
                    + "principal, %d partitions)%n", perSession, sessions, perPrincipal, RedisKeys.DEFAULT_PARTITIONS);
            // the index sets, the session hash's field naming them, and the key that keeps the values past the
            // session's expiry for its expiry's change (RedisKeys#indexed), whose name repeats this test's long prefix
            assertThat(perSession).isPositive().isLessThan(700);
        }
    }

    /** The bytes of {@code sessions} sessions of {@code body} bytes, {@code perPrincipal} per principal (0: none). */
    private long memoryOfSessions(int sessions, int perPrincipal, int body) {
        String keyPrefix = freshPrefix();
        SessionStore store = new RedisSessionStore(connections, keyPrefix, Clock.systemUTC());
        for (int i = 0; i < sessions; i++) {
            SessionWrite write = new SessionWrite(new byte[body], "java", Duration.ofMinutes(5), false, null,
                    perPrincipal > 0 ? new IndexValues(Map.of("principal", "user-" + (i / perPrincipal) + "@example.com"))
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

    private static long pttl(byte[] key) {
        try (RedisConnection connection = connections.getConnection()) {
            return connection.keyCommands().pTtl(key);
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
        static final class SteppedClock extends Clock {

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
