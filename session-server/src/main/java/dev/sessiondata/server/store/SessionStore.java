package dev.sessiondata.server.store;

import dev.sessiondata.api.ClassDescriptor;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where sessions and One Nio class descriptors live.
 *
 * <p>Sessions are opaque bytes tagged with the serializer id that wrote them, a version, and a time to live the
 * store itself enforces. Every conditional operation is atomic: it either fully happens or leaves the previous
 * state. Descriptors are kept without expiry. Implementations are thread-safe; an unreachable backend is a
 * {@link StoreUnavailableException}, never a silently missing session.
 */
public interface SessionStore {

    /** The session of {@code id}; with {@code slide}, its expiry is first moved to now plus its time to live. */
    Optional<StoredSession> get(String id, boolean slide);

    /** Writes the session if {@code precondition} holds, with a new version. */
    WriteResult put(String id, SessionWrite write, Precondition precondition);

    /** Deletes the session if it exists and {@code precondition} holds. */
    DeleteResult delete(String id, Precondition precondition);

    /** Moves the session's expiry to now plus its time to live; the new expiry, or empty if there is no session. */
    Optional<Instant> touch(String id);

    /**
     * Stores every descriptor of the batch that is not yet known, or none of them: a uid already held with other
     * bytes refuses the whole batch. Re-storing the same bytes is a no-op.
     */
    DescriptorWriteResult putDescriptors(List<ClassDescriptor> descriptors);

    /** The descriptor of {@code uid}, if known. */
    Optional<ClassDescriptor> descriptor(long uid);

    /** Every known descriptor. */
    List<ClassDescriptor> descriptors();

    /** How many sessions the store holds, as exactly as it can tell cheaply; for the active-sessions gauge. */
    long sessionCount();
}
