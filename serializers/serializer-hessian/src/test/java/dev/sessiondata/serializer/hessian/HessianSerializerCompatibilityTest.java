package dev.sessiondata.serializer.hessian;

import dev.sessiondata.serializer.kit.ReadLimit;
import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;
import java.util.Set;

/** The compatibility kit for every id of this module. */
class HessianSerializerCompatibilityTest extends SerializerCompatibilityKit {

    /** hessian-lite reads strings in chunks without a length hook, and its object reader counts no objects. */
    @Override
    protected Set<ReadLimit> unboundedLimits(String id) {
        return Set.of(ReadLimit.STRING_LENGTH, ReadLimit.OBJECTS);
    }
}
