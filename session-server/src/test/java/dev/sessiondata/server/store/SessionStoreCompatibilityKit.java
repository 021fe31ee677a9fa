package dev.sessiondata.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SessionStore} must do. A store's test extends this and says how to make a fresh, empty
 * store; it inherits every test here, as Micrometer's cache binders inherit their compatibility kit.
 */
public abstract class SessionStoreCompatibilityKit {

    private static final Duration TTL = Duration.ofMinutes(5);

    private Awaited store;

    /** A store with no sessions. */
    protected abstract SessionStore createStore();

    /** The statistics view of {@code store}, one that {@link #createStore()} made. */
    protected abstract SessionStoreStatistics statisticsOf(SessionStore store);

    @BeforeEach
    void freshStore() {
        SessionStore created = createStore();
        store = new Awaited(created, statisticsOf(created));
    }

    /** The store under test, its answers awaited: the kit checks what a store does, not how it is called. */
    private record Awaited(SessionStore store, SessionStoreStatistics statistics) {

        Optional<StoredSession> get(String id) {
            return store.get(id).toCompletableFuture().join();
        }

        Optional<StoredSession> peek(String id) {
            return store.peek(id).toCompletableFuture().join();
        }

        SessionRead get(String id, long maxBytes) {
            return store.get(id, maxBytes).toCompletableFuture().join();
        }

        SessionRead peek(String id, long maxBytes) {
            return store.peek(id, maxBytes).toCompletableFuture().join();
        }

        WriteResult put(String id, SessionWrite write, Precondition precondition) {
            return store.put(id, write, precondition).toCompletableFuture().join();
        }

        DeleteResult delete(String id, Precondition precondition) {
            return store.delete(id, precondition).toCompletableFuture().join();
        }

        IdChangeResult changeId(String id, String newId, Precondition precondition) {
            return store.changeId(id, newId, precondition).toCompletableFuture().join();
        }

        Optional<Instant> touch(String id) {
            return store.touch(id).toCompletableFuture().join();
        }

        Map<String, Instant> touchAll(List<String> ids) {
            return store.touchAll(ids).toCompletableFuture().join();
        }

        long estimatedSessionCount() {
            return statistics.estimatedSessionCount();
        }
    }

    private static SessionWrite write(String text) {
        return new SessionWrite(text.getBytes(StandardCharsets.UTF_8), "java", TTL);
    }

    private static String text(StoredSession session) {
        return new String(session.data(), StandardCharsets.UTF_8);
    }

    @Test
    void anAbsentSessionIsEmpty() {
        assertThat(store.peek("absent")).isEmpty();
        assertThat(store.get("absent")).isEmpty();
    }

    @Test
    void aSessionReadsBackAsWrittenWithItsSerializerAndVersion() {
        byte[] body = {0, 1, 2, (byte) 0xff, 127, -128};
        WriteResult written = store.put("s1", new SessionWrite(body, "kryo", TTL), Precondition.none());

        StoredSession read = store.peek("s1").orElseThrow();
        assertThat(written.outcome()).isEqualTo(WriteResult.Outcome.CREATED);
        assertThat(read.data()).isEqualTo(body);
        assertThat(read.serializerId()).isEqualTo("kryo");
        assertThat(read.version()).isEqualTo(written.version());
        assertThat(read.ttl()).isEqualTo(TTL);
        assertThat(read.expiresAt()).isEqualTo(written.expiresAt());
    }

    @Test
    void theFirstWriteCreatesAndTheNextReplacesWithANewVersion() {
        WriteResult first = store.put("s1", write("one"), Precondition.none());
        WriteResult second = store.put("s1", write("two"), Precondition.none());

        assertThat(first.outcome()).isEqualTo(WriteResult.Outcome.CREATED);
        assertThat(second.outcome()).isEqualTo(WriteResult.Outcome.REPLACED);
        assertThat(second.version()).isNotEqualTo(first.version());
        assertThat(text(store.peek("s1").orElseThrow())).isEqualTo("two");
    }

    @Test
    void anEmptyBodyIsASession() {
        store.put("empty", new SessionWrite(new byte[0], "java", TTL), Precondition.none());
        assertThat(store.peek("empty").orElseThrow().data()).isEmpty();
    }

    @Test
    void expiryIsNowPlusTheTimeToLive() {
        Instant before = Instant.now();
        WriteResult written = store.put("s1", write("x"), Precondition.none());
        Instant after = Instant.now();

        assertThat(written.expiresAt()).isBetween(before.plus(TTL).minusMillis(1), after.plus(TTL).plusMillis(1));
    }

    @Test
    void aWriteThatKeepsTheTtlKeepsAnExistingSessionsTtlAndGivesANewOneItsOwn() {
        Duration eightHours = Duration.ofHours(8);
        store.put("long", new SessionWrite(new byte[1], "java", eightHours), Precondition.none());

        Instant before = Instant.now();
        WriteResult kept = store.put("long", new SessionWrite(new byte[2], "java", TTL, true, null), Precondition.none());
        WriteResult fresh = store.put("new", new SessionWrite(new byte[2], "java", TTL, true, null), Precondition.none());

        StoredSession updated = store.peek("long").orElseThrow();
        assertThat(updated.ttl()).isEqualTo(eightHours);
        assertThat(updated.data()).hasSize(2);
        assertThat(kept.expiresAt()).isAfterOrEqualTo(before.plus(eightHours).minusMillis(1)).isEqualTo(updated.expiresAt());
        assertThat(store.peek("new").orElseThrow().ttl()).isEqualTo(TTL);
        assertThat(fresh.expiresAt()).isBefore(before.plus(TTL).plusSeconds(60));
    }

    @Test
    void aWriteWithATtlReplacesTheSessionsTtl() {
        store.put("s1", new SessionWrite(new byte[1], "java", Duration.ofHours(8)), Precondition.none());
        store.put("s1", write("x"), Precondition.none());

        assertThat(store.peek("s1").orElseThrow().ttl()).isEqualTo(TTL);
    }

    @Test
    void theDigestIsStoredBesideTheSessionAndGoesWithTheNextWrite() {
        String digest = "sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:";
        store.put("s1", new SessionWrite(new byte[0], "java", TTL, false, digest), Precondition.none());
        assertThat(store.peek("s1").orElseThrow().digest()).isEqualTo(digest);
        assertThat(store.get("s1").orElseThrow().digest()).isEqualTo(digest);

        store.put("s1", write("x"), Precondition.none());
        assertThat(store.get("s1").orElseThrow().digest()).isNull();
    }

    @Test
    void aWriteWithTheCurrentVersionReplaces() {
        WriteResult first = store.put("s1", write("one"), Precondition.none());
        WriteResult second = store.put("s1", write("two"), Precondition.version(first.version()));

        assertThat(second.outcome()).isEqualTo(WriteResult.Outcome.REPLACED);
        assertThat(text(store.peek("s1").orElseThrow())).isEqualTo("two");
    }

    @Test
    void aConditionalWriteWithAStaleVersionIsRefusedAndChangesNothing() {
        WriteResult first = store.put("s1", write("one"), Precondition.none());
        store.put("s1", write("two"), Precondition.none());
        StoredSession before = store.peek("s1").orElseThrow();

        WriteResult stale = store.put("s1", write("three"), Precondition.version(first.version()));

        assertThat(stale.outcome()).isEqualTo(WriteResult.Outcome.PRECONDITION_FAILED);
        StoredSession after = store.peek("s1").orElseThrow();
        assertThat(text(after)).isEqualTo("two");
        assertThat(after.version()).isEqualTo(before.version());
        assertThat(after.expiresAt()).isEqualTo(before.expiresAt());
    }

    @Test
    void aConditionalWriteToAnAbsentSessionIsRefused() {
        assertThat(store.put("s1", write("x"), Precondition.version("0123456789abcdef")).outcome())
                .isEqualTo(WriteResult.Outcome.PRECONDITION_FAILED);
        assertThat(store.put("s1", write("x"), Precondition.present()).outcome())
                .isEqualTo(WriteResult.Outcome.PRECONDITION_FAILED);
        assertThat(store.peek("s1")).isEmpty();
    }

    @Test
    void createOnlyWritesOnceAndThenIsRefused() {
        assertThat(store.put("s1", write("one"), Precondition.absent()).outcome()).isEqualTo(WriteResult.Outcome.CREATED);
        assertThat(store.put("s1", write("two"), Precondition.absent()).outcome())
                .isEqualTo(WriteResult.Outcome.PRECONDITION_FAILED);
        assertThat(text(store.peek("s1").orElseThrow())).isEqualTo("one");
    }

    @Test
    void deleteRemovesTheSession() {
        store.put("s1", write("x"), Precondition.none());
        assertThat(store.delete("s1", Precondition.none())).isEqualTo(DeleteResult.DELETED);
        assertThat(store.peek("s1")).isEmpty();
        assertThat(store.delete("s1", Precondition.none())).isEqualTo(DeleteResult.NOT_FOUND);
    }

    @Test
    void aDeleteWithAStaleVersionIsRefused() {
        WriteResult first = store.put("s1", write("one"), Precondition.none());
        WriteResult second = store.put("s1", write("two"), Precondition.none());

        assertThat(store.delete("s1", Precondition.version(first.version()))).isEqualTo(DeleteResult.PRECONDITION_FAILED);
        assertThat(store.peek("s1")).isPresent();
        assertThat(store.delete("s1", Precondition.version(second.version()))).isEqualTo(DeleteResult.DELETED);
    }

    @Test
    void aSessionWrittenAgainAfterADeleteGetsAVersionTheOldOneDoesNotMatch() {
        WriteResult old = store.put("s1", write("one"), Precondition.none());
        store.delete("s1", Precondition.none());
        store.put("s1", write("two"), Precondition.none());

        assertThat(store.put("s1", write("three"), Precondition.version(old.version())).outcome())
                .isEqualTo(WriteResult.Outcome.PRECONDITION_FAILED);
    }

    @Test
    void aSlidingReadMovesTheExpiryAndAPlainReadDoesNot() {
        store.put("short", new SessionWrite(new byte[1], "java", Duration.ofSeconds(60)), Precondition.none());
        Instant written = store.peek("short").orElseThrow().expiresAt();

        StoredSession plain = store.peek("short").orElseThrow();
        Instant beforeSlide = Instant.now();
        StoredSession slid = store.get("short").orElseThrow();

        assertThat(plain.expiresAt()).isEqualTo(written);
        assertThat(slid.expiresAt()).isAfterOrEqualTo(beforeSlide.plusSeconds(60).minusMillis(1));
        assertThat(store.peek("short").orElseThrow().expiresAt()).isEqualTo(slid.expiresAt());
    }

    @Test
    void aSessionLargerThanTheCeilingIsAnsweredByItsLengthNeitherReadNorSlidAndOneWithinItIsReadAndSlid() {
        Duration ttl = Duration.ofSeconds(60);
        Instant written = store.put("large", new SessionWrite(new byte[1000], "java", ttl), Precondition.none())
                .expiresAt();
        // a slide now would move the expiry: the clock is past the write's millisecond
        await().atMost(Duration.ofSeconds(5)).until(() -> Instant.now().isAfter(written.minus(ttl).plusMillis(2)));

        SessionRead larger = store.get("large", 999);
        SessionRead largerPeek = store.peek("large", 0);

        assertThat(larger.isLarger()).isTrue();
        assertThat(larger.length()).isEqualTo(1000);
        assertThat(larger.session()).isNull();
        assertThat(largerPeek.isLarger()).isTrue();
        assertThat(largerPeek.length()).isEqualTo(1000);
        assertThat(store.peek("large").orElseThrow().expiresAt()).as("not slid").isEqualTo(written);

        SessionRead peeked = store.peek("large", 1000);
        assertThat(peeked.session()).isNotNull();
        assertThat(peeked.session().data()).hasSize(1000);
        assertThat(peeked.session().expiresAt()).isEqualTo(written);

        Instant beforeSlide = Instant.now();
        SessionRead read = store.get("large", 1000);
        assertThat(read.isLarger()).isFalse();
        assertThat(read.length()).isEqualTo(1000);
        assertThat(read.session().data()).hasSize(1000);
        assertThat(read.session().expiresAt()).isAfterOrEqualTo(beforeSlide.plus(ttl).minusMillis(1)).isAfter(written);
        assertThat(store.peek("large").orElseThrow().expiresAt()).isEqualTo(read.session().expiresAt());
    }

    @Test
    void aReadWithACeilingOfAnAbsentSessionIsAbsentAndAnEmptySessionFitsAnyCeiling() {
        SessionRead absent = store.get("absent", 0);
        assertThat(absent.isLarger()).isFalse();
        assertThat(absent.session()).isNull();
        assertThat(store.peek("absent", Long.MAX_VALUE).found()).isEmpty();

        store.put("empty", new SessionWrite(new byte[0], "java", TTL), Precondition.none());
        assertThat(store.get("empty", 0).session().data()).isEmpty();
        assertThat(store.peek("empty", 0).session().data()).isEmpty();
    }

    @Test
    void touchMovesTheExpiryOfAPresentSessionOnly() {
        store.put("s1", write("x"), Precondition.none());
        Instant beforeTouch = Instant.now();

        Instant touched = store.touch("s1").orElseThrow();

        assertThat(touched).isAfterOrEqualTo(beforeTouch.plus(TTL).minusMillis(1));
        assertThat(store.peek("s1").orElseThrow().expiresAt()).isEqualTo(touched);
        assertThat(store.touch("absent")).isEmpty();
    }

    @Test
    void touchAllMovesTheExpiryOfThePresentSessionsAndAnswersOnlyThem() {
        store.put("t1", write("x"), Precondition.none());
        store.put("t2", write("y"), Precondition.none());
        Instant beforeTouch = Instant.now();

        Map<String, Instant> touched = store.touchAll(List.of("t2", "absent", "t1"));

        assertThat(touched.keySet()).containsExactly("t2", "t1");
        assertThat(touched.values()).allSatisfy(expiresAt ->
                assertThat(expiresAt).isAfterOrEqualTo(beforeTouch.plus(TTL).minusMillis(1)));
        assertThat(store.peek("t1").orElseThrow().expiresAt()).isEqualTo(touched.get("t1"));
        assertThat(store.peek("t2").orElseThrow().expiresAt()).isEqualTo(touched.get("t2"));
        assertThat(store.touchAll(List.of())).isEmpty();
        assertThat(store.peek("absent")).isEmpty();
    }

    @Test
    void theEstimatedSessionCountCountsSessions() {
        store.put("a", write("x"), Precondition.none());
        store.put("b", write("x"), Precondition.none());
        store.put("b", write("y"), Precondition.none());

        assertThat(store.estimatedSessionCount()).isEqualTo(2);
    }

    @Test
    void concurrentConditionalIncrementsLoseNothing() throws Exception {
        store.put("counter", write("0"), Precondition.none());
        int threads = 8;
        int increments = 50;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<Void>> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                workers.add(() -> {
                    for (int i = 0; i < increments; i++) {
                        while (true) {
                            StoredSession current = store.peek("counter").orElseThrow();
                            int next = Integer.parseInt(text(current)) + 1;
                            WriteResult result = store.put("counter", write(String.valueOf(next)),
                                    Precondition.version(current.version()));
                            if (result.outcome() != WriteResult.Outcome.PRECONDITION_FAILED) {
                                break;
                            }
                        }
                    }
                    return null;
                });
            }
            for (Future<Void> done : pool.invokeAll(workers)) {
                done.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(text(store.peek("counter").orElseThrow())).isEqualTo(String.valueOf(threads * increments));
    }

    /** The ids the id-change tests move between; on a Cluster their keys are in different slots. */
    protected static final String BEFORE = "before";
    protected static final String AFTER = "after";

    @Test
    void anIdChangeMovesTheSessionWithItsDigestTtlAndExpiryUnderANewVersion() {
        WriteResult written = store.put(BEFORE, new SessionWrite(new byte[] {1, 2, 3}, "kryo", TTL, false,
                "sha-256=:AAAA:"), Precondition.none());

        IdChangeResult changed = store.changeId(BEFORE, AFTER, Precondition.version(written.version()));

        assertThat(changed.outcome()).isEqualTo(IdChangeResult.Outcome.CHANGED);
        assertThat(changed.version()).isNotEqualTo(written.version());
        assertThat(changed.expiresAt()).isEqualTo(written.expiresAt());
        assertThat(store.peek(BEFORE)).isEmpty();
        StoredSession moved = store.peek(AFTER).orElseThrow();
        assertThat(moved.data()).containsExactly(1, 2, 3);
        assertThat(moved.serializerId()).isEqualTo("kryo");
        assertThat(moved.digest()).isEqualTo("sha-256=:AAAA:");
        assertThat(moved.ttl()).isEqualTo(TTL);
        assertThat(moved.version()).isEqualTo(changed.version());
        assertThat(moved.expiresAt()).isEqualTo(written.expiresAt());
        assertThat(store.estimatedSessionCount()).isEqualTo(1);
    }

    @Test
    void anIdChangeOfADeletedSessionIsNotFoundAndBringsNothingBack() {
        WriteResult written = store.put(BEFORE, write("logged in"), Precondition.none());
        store.delete(BEFORE, Precondition.none());

        assertThat(store.changeId(BEFORE, AFTER, Precondition.version(written.version())).outcome())
                .isEqualTo(IdChangeResult.Outcome.NOT_FOUND);
        assertThat(store.changeId(BEFORE, AFTER, Precondition.present()).outcome())
                .isEqualTo(IdChangeResult.Outcome.NOT_FOUND);
        assertThat(store.peek(BEFORE)).isEmpty();
        assertThat(store.peek(AFTER)).isEmpty();
    }

    @Test
    void anIdChangeWithAStaleVersionIsRefusedAndChangesNothing() {
        WriteResult first = store.put(BEFORE, write("one"), Precondition.none());
        store.put(BEFORE, write("two"), Precondition.none());

        assertThat(store.changeId(BEFORE, AFTER, Precondition.version(first.version())).outcome())
                .isEqualTo(IdChangeResult.Outcome.PRECONDITION_FAILED);
        assertThat(text(store.peek(BEFORE).orElseThrow())).isEqualTo("two");
        assertThat(store.peek(AFTER)).isEmpty();
    }

    @Test
    void anIdChangeOntoATakenIdIsRefusedAndChangesNothing() {
        store.put(BEFORE, write("mine"), Precondition.none());
        WriteResult taken = store.put(AFTER, write("theirs"), Precondition.none());

        assertThat(store.changeId(BEFORE, AFTER, Precondition.present()).outcome())
                .isEqualTo(IdChangeResult.Outcome.ID_TAKEN);
        assertThat(text(store.peek(BEFORE).orElseThrow())).isEqualTo("mine");
        assertThat(store.peek(AFTER).orElseThrow().version()).isEqualTo(taken.version());
        // and a failed change leaves the old session free for the next one
        store.delete(AFTER, Precondition.none());
        assertThat(store.changeId(BEFORE, AFTER, Precondition.present()).outcome())
                .isEqualTo(IdChangeResult.Outcome.CHANGED);
    }

    @Test
    void aSessionChangedToAnotherIdCanBeWrittenAndDeletedThere() {
        store.put(BEFORE, write("one"), Precondition.none());
        IdChangeResult changed = store.changeId(BEFORE, AFTER, Precondition.present());

        assertThat(store.put(AFTER, write("two"), Precondition.version(changed.version())).outcome())
                .isEqualTo(WriteResult.Outcome.REPLACED);
        assertThat(store.put(BEFORE, write("again"), Precondition.present()).outcome())
                .isEqualTo(WriteResult.Outcome.PRECONDITION_FAILED);
        assertThat(store.delete(AFTER, Precondition.none())).isEqualTo(DeleteResult.DELETED);
        assertThat(store.estimatedSessionCount()).isZero();
    }

    /** Spring Session's gh-1270, at once: of two changes of one id from one version, exactly one takes place. */
    @Test
    void ofConcurrentIdChangesOfOneSessionExactlyOneTakesPlace() throws Exception {
        int rounds = 20;
        int contenders = 4;
        ExecutorService pool = Executors.newFixedThreadPool(contenders);
        try {
            for (int round = 0; round < rounds; round++) {
                String id = "s" + round;
                String version = store.put(id, write("r" + round), Precondition.none()).version();
                List<Callable<IdChangeResult>> changes = new ArrayList<>();
                for (int c = 0; c < contenders; c++) {
                    String newId = id + "-to-" + c;
                    changes.add(() -> store.changeId(id, newId, Precondition.version(version)));
                }
                int changed = 0;
                for (Future<IdChangeResult> result : pool.invokeAll(changes)) {
                    if (result.get().outcome() == IdChangeResult.Outcome.CHANGED) {
                        changed++;
                    }
                }
                int live = 0;
                for (int c = 0; c < contenders; c++) {
                    if (store.peek(id + "-to-" + c).isPresent()) {
                        live++;
                    }
                }
                assertThat(store.peek(id)).isEmpty();
                assertThat(changed).as("changes of round %d", round).isEqualTo(1);
                assertThat(live).as("live copies of round %d", round).isEqualTo(1);
                assertThat(changed).as("live copies of round %d", round).isEqualTo(1);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Spring Session's gh-1137, at once: a delete and an id change of one session never both take place, and once
     * both answered a deleted session is under neither id.
     */
    @Test
    void aDeleteRacingAnIdChangeNeverLeavesTheSessionAlive() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 30; round++) {
                String id = "d" + round;
                String newId = id + "-new";
                String version = store.put(id, write("secret"), Precondition.none()).version();
                Future<IdChangeResult> change = pool.submit(() -> store.changeId(id, newId, Precondition.version(version)));
                Future<DeleteResult> delete = pool.submit(() -> store.delete(id, Precondition.none()));
                IdChangeResult changed = change.get();
                DeleteResult deleted = delete.get();

                assertThat(store.peek(id)).isEmpty();
                if (deleted == DeleteResult.DELETED) {
                    assertThat(changed.outcome()).as("round %d", round).isNotEqualTo(IdChangeResult.Outcome.CHANGED);
                    assertThat(store.peek(newId)).as("round %d", round).isEmpty();
                } else {
                    assertThat(changed.outcome()).isEqualTo(IdChangeResult.Outcome.CHANGED);
                    assertThat(store.peek(newId)).isPresent();
                    store.delete(newId, Precondition.none());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
