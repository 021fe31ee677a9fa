package dev.sessiondata.client.internal.schema;

import dev.sessiondata.api.ClassDescriptor;
import java.util.List;
import java.util.Optional;

/** The service's registry of one serializer's schemas (class descriptors), as the exchange calls it. */
public interface SchemaRemote {

    /**
     * Stores descriptors; storing one the registry already holds is a no-op.
     *
     * @return false if this client may not upload, because its token is read-only: then it never writes, so peers
     *     need none of its descriptors
     */
    boolean upload(List<ClassDescriptor> descriptors);

    /** The descriptor of one class uid, if any application uploaded it. */
    Optional<ClassDescriptor> download(long uid);
}
