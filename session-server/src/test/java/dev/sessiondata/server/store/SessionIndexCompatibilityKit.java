package dev.sessiondata.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.awaitility.Awaitility;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every store that keeps index values ({@link SessionIndex}) must do with them, beside
 * {@link SessionStoreCompatibilityKit}: list a session under the values of its last write, drop it on delete, on
 * expiry and on a write without the value, refuse a write past the bound of a value, and page.
 */
public abstract class SessionIndexCompatibilityKit {

    /** The bound on sessions per value the store under test is made with. */
    protected static final int MAX_SESSIONS_PER_VALUE = 4;
    private static final Duration TTL = Duration.ofMinutes(5);
    private static final String PRINCIPAL = "principal";

    private SessionStore store;
    private SessionIndex index;

    /**
     * A store with no sessions whose values list at most {@link #MAX_SESSIONS_PER_VALUE} sessions; it is its own
     * {@link SessionIndex}.
     */
    protected abstract SessionStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
        index = (SessionIndex) store;
    }

    private String put(String id, Map<String, String> indexes) {
        return put(id, indexes, TTL, Precondition.none());
    }

    private String put(String id, Map<String, String> indexes, Duration ttl, Precondition precondition) {
        WriteResult result = store.put(id, new SessionWrite("x".getBytes(StandardCharsets.UTF_8), "java", ttl, false,
                null, new IndexValues(indexes)), precondition).toCompletableFuture().join();
        return result.version();
    }

    private IndexPage page(String value, @Nullable String after, int limit) {
        return index.sessions(PRINCIPAL, value, after, limit).toCompletableFuture().join();
    }

    private List<String> ids(String value) {
        return page(value, null, MAX_SESSIONS_PER_VALUE).sessions().stream().map(IndexedSession::id).toList();
    }

    @Test
    void aSessionIsListedWithItsVersionUnderTheValueItWasWrittenWith() {
        String version = put("s1", Map.of(PRINCIPAL, "ada"));
        put("s2", Map.of(PRINCIPAL, "bob"));
        put("s3", Map.of());

        assertThat(page("ada", null, 10).sessions()).containsExactly(new IndexedSession("s1", version));
        assertThat(page("ada", null, 10).next()).isNull();
        assertThat(ids("bob")).containsExactly("s2");
        assertThat(ids("nobody")).isEmpty();
    }

    @Test
    void aRewriteListsTheSessionUnderItsNewValueOnlyAndAWriteWithoutOneUnderNone() {
        put("s1", Map.of(PRINCIPAL, "ada"));
        String version = put("s1", Map.of(PRINCIPAL, "bob"));

        assertThat(ids("ada")).isEmpty();
        assertThat(page("bob", null, 10).sessions()).containsExactly(new IndexedSession("s1", version));

        put("s1", Map.of());
        assertThat(ids("bob")).isEmpty();
    }

    @Test
    void aSessionIsListedUnderEachOfItsIndexes() {
        put("s1", Map.of(PRINCIPAL, "ada", "tenant", "acme"));

        assertThat(ids("ada")).containsExactly("s1");
        assertThat(index.sessions("tenant", "acme", null, 10).toCompletableFuture().join().sessions())
                .extracting(IndexedSession::id).containsExactly("s1");
        assertThat(index.sessions("tenant", "ada", null, 10).toCompletableFuture().join().sessions()).isEmpty();
    }

    @Test
    void aDeletedSessionLeavesItsValues() {
        put("s1", Map.of(PRINCIPAL, "ada"));
        put("s2", Map.of(PRINCIPAL, "ada"));

        store.delete("s1", Precondition.none()).toCompletableFuture().join();

        assertThat(ids("ada")).containsExactly("s2");
    }

    @Test
    void anIdChangeListsTheNewIdInPlaceOfTheOldAndItsDeleteLeavesTheValues() {
        put("s1", Map.of(PRINCIPAL, "ada", "tenant", "acme"));
        String other = put("s2", Map.of(PRINCIPAL, "ada"));

        IdChangeResult changed = store.changeId("s1", "s9", Precondition.none()).toCompletableFuture().join();

        assertThat(changed.outcome()).isEqualTo(IdChangeResult.Outcome.CHANGED);
        assertThat(page("ada", null, 10).sessions())
                .containsExactly(new IndexedSession("s2", other), new IndexedSession("s9", changed.version()));
        assertThat(index.sessions("tenant", "acme", null, 10).toCompletableFuture().join().sessions())
                .extracting(IndexedSession::id).containsExactly("s9");

        store.delete("s9", Precondition.none()).toCompletableFuture().join();
        assertThat(ids("ada")).containsExactly("s2");
        assertThat(index.sessions("tenant", "acme", null, 10).toCompletableFuture().join().sessions()).isEmpty();
    }

    /** The new id takes the old one's place: a value at its bound keeps its count, so the change is not refused. */
    @Test
    void anIdChangeUnderAFullValueIsNotRefused() {
        for (int i = 0; i < MAX_SESSIONS_PER_VALUE; i++) {
            put("s" + i, Map.of(PRINCIPAL, "ada"));
        }

        IdChangeResult changed = store.changeId("s0", "s9", Precondition.none()).toCompletableFuture().join();

        assertThat(changed.outcome()).isEqualTo(IdChangeResult.Outcome.CHANGED);
        assertThat(ids("ada")).containsExactly("s1", "s2", "s3", "s9");
    }

    @Test
    void aRefusedConditionalWriteLeavesTheValuesAsTheyWere() {
        put("s1", Map.of(PRINCIPAL, "ada"));

        put("s1", Map.of(PRINCIPAL, "bob"), TTL, Precondition.version("stale"));
        put("s2", Map.of(PRINCIPAL, "bob"), TTL, Precondition.present());

        assertThat(ids("ada")).containsExactly("s1");
        assertThat(ids("bob")).isEmpty();
    }

    @Test
    void anExpiredSessionIsNotListed() {
        put("short", Map.of(PRINCIPAL, "ada"), Duration.ofMillis(200), Precondition.none());
        put("long", Map.of(PRINCIPAL, "ada"));

        awaitExpired("short");

        assertThat(ids("ada")).containsExactly("long");
    }

    @Test
    void aValueListsAtMostItsBoundAndAWritePastItIsRefusedWritingNothing() {
        for (int i = 0; i < MAX_SESSIONS_PER_VALUE; i++) {
            put("s" + i, Map.of(PRINCIPAL, "ada"));
        }
        put("s0", Map.of(PRINCIPAL, "ada"));

        assertThatThrownBy(() -> put("one-more", Map.of(PRINCIPAL, "ada", "tenant", "acme")))
                .isInstanceOf(CompletionException.class).cause().isInstanceOf(IndexValueFullException.class)
                .extracting(full -> ((IndexValueFullException) full).index()).isEqualTo(PRINCIPAL);
        assertThat(store.peek("one-more").toCompletableFuture().join()).isEmpty();
        assertThat(index.sessions("tenant", "acme", null, 10).toCompletableFuture().join().sessions()).isEmpty();

        store.delete("s1", Precondition.none()).toCompletableFuture().join();
        put("one-more", Map.of(PRINCIPAL, "ada"));
        assertThat(ids("ada")).containsExactly("one-more", "s0", "s2", "s3");
    }

    @Test
    void anExpiredSessionMakesRoomUnderAFullValue() {
        put("short", Map.of(PRINCIPAL, "ada"), Duration.ofMillis(200), Precondition.none());
        for (int i = 1; i < MAX_SESSIONS_PER_VALUE; i++) {
            put("s" + i, Map.of(PRINCIPAL, "ada"));
        }
        awaitExpired("short");

        put("one-more", Map.of(PRINCIPAL, "ada"));

        assertThat(ids("ada")).hasSize(MAX_SESSIONS_PER_VALUE).contains("one-more").doesNotContain("short");
    }

    /** Until the store no longer has {@code id}: its ttl ran out (the index is asserted on from then on). */
    private void awaitExpired(String id) {
        Awaitility.await(id + " expires").atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> store.peek(id).toCompletableFuture().join().isEmpty());
    }

    @Test
    void pagesFollowTheCursorInTheOrderOfTheIds() {
        for (String id : List.of("d", "b", "a", "c")) {
            put(id, Map.of(PRINCIPAL, "ada"));
        }

        IndexPage first = page("ada", null, 3);
        assertThat(first.sessions()).extracting(IndexedSession::id).containsExactly("a", "b", "c");
        assertThat(first.next()).isEqualTo("c");
        IndexPage second = page("ada", first.next(), 3);
        assertThat(second.sessions()).extracting(IndexedSession::id).containsExactly("d");
        assertThat(second.next()).isNull();
        assertThat(page("ada", null, 4).next()).isNull();
    }
}
