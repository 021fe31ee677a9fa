package dev.sessiondata.server.store;

import dev.sessiondata.api.ClassDescriptor;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Where the schema records of formats whose readers need the writer's class metadata live (One Nio's class
 * descriptors today), keyed by serializer id and uid. A capability of its own beside {@link SessionStore}, as
 * Spring Session keeps {@code FindByIndexNameSessionRepository} apart from {@code SessionRepository}: a store
 * that holds sessions need not hold schemas, and the session path never sees them.
 *
 * <p>Records are opaque bytes, kept without expiry; a uid, once stored for a serializer, never changes its bytes.
 * Their total size per serializer is bounded by the caller's {@code maxTotalBytes}, checked in the same atomic step
 * as the insertion. Implementations are thread-safe; an unreachable backend is a {@link StoreUnavailableException},
 * one that refuses writes for want of memory a {@link StoreFullException}.
 */
public interface SchemaStore {

    /**
     * Stores every descriptor of the batch that is not yet known for {@code serializerId}, or none of them: a uid
     * already held with other bytes refuses the whole batch, and so does one whose new descriptors would take the
     * bytes kept for {@code serializerId} past {@code maxTotalBytes}. Re-storing the same bytes is a no-op.
     */
    DescriptorWriteResult putDescriptors(String serializerId, List<ClassDescriptor> descriptors, long maxTotalBytes);

    /** The descriptor of {@code uid} for {@code serializerId}, if known. */
    Optional<ClassDescriptor> descriptor(String serializerId, long uid);

    /**
     * One page of the descriptors of {@code serializerId} in the order of their uids as unsigned numbers (the order
     * of their 16 hex digits): at most {@code limit} of them, those after the uid {@code after} or from the first.
     */
    List<ClassDescriptor> descriptors(String serializerId, OptionalLong after, int limit);
}
