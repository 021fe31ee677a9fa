package dev.sessiondata.server.store;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
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
 * unreachable backend) rather than being thrown.
 */
public interface SessionStore {

    /** The session of {@code id}; with {@code slide}, its expiry is first moved to now plus its time to live. */
    CompletionStage<Optional<StoredSession>> get(String id, boolean slide);

    /** Writes the session if {@code precondition} holds, with a new version. */
    CompletionStage<WriteResult> put(String id, SessionWrite write, Precondition precondition);

    /** Deletes the session if it exists and {@code precondition} holds. */
    CompletionStage<DeleteResult> delete(String id, Precondition precondition);

    /** Moves the session's expiry to now plus its time to live; the new expiry, or empty if there is no session. */
    CompletionStage<Optional<Instant>> touch(String id);

    /**
     * How many sessions the store holds, counted now, without a pass over the store: exact or an estimate (Redis:
     * {@code DBSIZE} and a bounded key sample), for the active-sessions gauge ({@code SessionCountGauge}). Unlike
     * the session operations it may wait for the store (Redis), so it is never called on an event loop.
     */
    long sessionCount();

    /**
     * Live sessions per serializer id, for the operator who narrows {@code accepted}; empty where only a pass over
     * the whole store could count them (Redis: a {@code SCAN} plus a field read per key), which this never does.
     */
    default Optional<Map<String, Long>> sessionsBySerializer() {
        return Optional.empty();
    }
}
