package dev.sessiondata.serializer.jdk;

import dev.sessiondata.serializer.kit.ReadLimit;
import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;
import java.util.Set;

/** The compatibility kit for {@code java}, the only id on this module's class path. */
class JavaSerializerCompatibilityTest extends SerializerCompatibilityKit {

    /** java.io calls its filter for classes, arrays and references, never for a string's length. */
    @Override
    protected Set<ReadLimit> unboundedLimits(String id) {
        return Set.of(ReadLimit.STRING_LENGTH);
    }
}
