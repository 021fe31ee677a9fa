package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.kit.ReadLimit;
import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;
import java.util.Set;

/** The compatibility kit for every id of this module. */
class ForySerializerCompatibilityTest extends SerializerCompatibilityKit {

    /** Fory's reader has hooks for classes and nesting only: lengths and counts are not checked against the settings. */
    @Override
    protected Set<ReadLimit> unboundedLimits(String id) {
        return Set.of(ReadLimit.ARRAY_LENGTH, ReadLimit.STRING_LENGTH, ReadLimit.COLLECTION_ELEMENTS, ReadLimit.OBJECTS);
    }
}
