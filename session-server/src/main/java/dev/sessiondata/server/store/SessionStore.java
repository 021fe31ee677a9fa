package dev.sessiondata.server.store;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Where sessions live.
 *
 * <p>Sessions are opaque bytes tagged with the serializer id that wrote them, a version, and a time to live the
 * store itself enforces. Every conditional operation is atomic: it either fully happens or leaves the previous
 * state. Implementations are thread-safe; an unreachable backend is a {@link StoreUnavailableException}, never a
 * silently missing session. Schema records (class descriptors) are the separate capability {@link SchemaStore}.
 *
 * <p>The session operations answer a stage and never block the calling thread, because the web server calls them
 * on its event loop: a store that works in memory answers a completed stage, a remote one the stage of its
 * client's round trip. A failure completes the stage exceptionally (with {@link StoreUnavailableException} for an
 * unreachable backend, {@link StoreOutcomeUnknownException} for a command that may have been applied) rather than
 * being thrown. Counting sessions is the separate, blocking view {@link SessionStoreStatistics}.
 *
 * <p>Reads are named as Caffeine names them: {@link #get} is a user's read and slides the session's expiry,
 * {@link #peek} only looks (Caffeine's {@code getIfPresentQuietly}). Both take a ceiling on the bytes they read: the
 * server reads a session it has not reserved the bytes of only if it is small.
 */
public interface SessionStore {

    /**
     * The ceiling of a read whose caller has room for any session: the store may read it the cheapest way, without
     * asking its length first.
     */
    long UNBOUNDED = Long.MAX_VALUE;

    /**
     * The session of {@code id}, its expiry moved to now plus its time to live, if its bytes are at most
     * {@code maxBytes}; a larger session is answered by its length only ({@link SessionRead#larger}), neither read nor
     * slid, so that a caller reads a large value only once it has room for it. The slide is best effort: when the
     * store refuses it (Redis out of memory), the session is still answered, with the expiry it had.
     */
    CompletionStage<SessionRead> get(String id, long maxBytes);

    /** The session of {@code id} if its bytes are at most {@code maxBytes} (else its length only), its expiry left. */
    CompletionStage<SessionRead> peek(String id, long maxBytes);

    /** {@link #get(String, long)} without a ceiling. */
    default CompletionStage<Optional<StoredSession>> get(String id) {
        return get(id, UNBOUNDED).thenApply(SessionRead::found);
    }

    /** {@link #peek(String, long)} without a ceiling. */
    default CompletionStage<Optional<StoredSession>> peek(String id) {
        return peek(id, UNBOUNDED).thenApply(SessionRead::found);
    }

    /** Writes the session if {@code precondition} holds, with a new version. */
    CompletionStage<WriteResult> put(String id, SessionWrite write, Precondition precondition);

    /** Deletes the session if it exists and {@code precondition} holds. */
    CompletionStage<DeleteResult> delete(String id, Precondition precondition);

    /** Moves the session's expiry to now plus its time to live; the new expiry, or empty if there is no session. */
    CompletionStage<Optional<Instant>> touch(String id);

    /**
     * {@link #touch} of each of {@code ids} (distinct), asked of the backend at once: the new expiry of each session
     * that exists, in the order of {@code ids}; an absent one is not in the map. Each touch is atomic by itself, not
     * the whole batch. This default asks {@link #touch} for every id before awaiting any answer; a remote store
     * overrides it when it can send them as one batch.
     */
    default CompletionStage<Map<String, Instant>> touchAll(List<String> ids) {
        List<CompletableFuture<Optional<Instant>>> touched = new ArrayList<>(ids.size());
        for (String id : ids) {
            touched.add(touch(id).toCompletableFuture());
        }
        return CompletableFuture.allOf(touched.toArray(CompletableFuture[]::new)).thenApply(done -> {
            Map<String, Instant> expiries = new LinkedHashMap<>();
            for (int i = 0; i < ids.size(); i++) {
                String id = ids.get(i);
                touched.get(i).join().ifPresent(expiresAt -> expiries.put(id, expiresAt));
            }
            return expiries;
        });
    }

    /**
     * Moves the session of {@code id} to {@code newId} if it exists there, {@code precondition} (
     * {@link Precondition.Kind#VERSION} or {@link Precondition.Kind#PRESENT}) holds, and nothing exists under
     * {@code newId}: afterwards {@code id} is gone and {@code newId} holds the session's bytes, serializer, digest,
     * ttl and expiry with a new version. As one conditional step, so a session deleted (or changed) meanwhile is
     * never brought back under the new id, and of two concurrent changes of one id one succeeds.
     */
    CompletionStage<IdChangeResult> changeId(String id, String newId, Precondition precondition);
}
