package dev.sessiondata.server.store;

import dev.sessiondata.api.ClassDescriptor;
import java.util.List;
import java.util.Optional;

/**
 * Where the schema records of formats whose readers need the writer's class metadata live (One Nio's class
 * descriptors today), keyed by serializer id and uid. A capability of its own beside {@link SessionStore}, as
 * Spring Session keeps {@code FindByIndexNameSessionRepository} apart from {@code SessionRepository}: a store
 * that holds sessions need not hold schemas, and the session path never sees them.
 *
 * <p>Records are opaque bytes, kept without expiry; a uid, once stored for a serializer, never changes its bytes.
 * Implementations are thread-safe; an unreachable backend is a {@link StoreUnavailableException}.
 */
public interface SchemaStore {

    /**
     * Stores every descriptor of the batch that is not yet known for {@code serializerId}, or none of them: a uid
     * already held with other bytes refuses the whole batch. Re-storing the same bytes is a no-op.
     */
    DescriptorWriteResult putDescriptors(String serializerId, List<ClassDescriptor> descriptors);

    /** The descriptor of {@code uid} for {@code serializerId}, if known. */
    Optional<ClassDescriptor> descriptor(String serializerId, long uid);

    /** Every known descriptor of {@code serializerId}. */
    List<ClassDescriptor> descriptors(String serializerId);
}
