package dev.sessiondata.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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

        WriteResult put(String id, SessionWrite write, Precondition precondition) {
            return store.put(id, write, precondition).toCompletableFuture().join();
        }

        DeleteResult delete(String id, Precondition precondition) {
            return store.delete(id, precondition).toCompletableFuture().join();
        }

        Optional<Instant> touch(String id) {
            return store.touch(id).toCompletableFuture().join();
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
    void touchMovesTheExpiryOfAPresentSessionOnly() {
        store.put("s1", write("x"), Precondition.none());
        Instant beforeTouch = Instant.now();

        Instant touched = store.touch("s1").orElseThrow();

        assertThat(touched).isAfterOrEqualTo(beforeTouch.plus(TTL).minusMillis(1));
        assertThat(store.peek("s1").orElseThrow().expiresAt()).isEqualTo(touched);
        assertThat(store.touch("absent")).isEmpty();
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
}
