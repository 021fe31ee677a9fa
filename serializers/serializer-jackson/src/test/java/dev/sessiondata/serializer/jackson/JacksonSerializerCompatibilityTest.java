package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.kit.ReadLimit;
import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;
import java.util.Set;

/** The compatibility kit for every id of this module. */
class JacksonSerializerCompatibilityTest extends SerializerCompatibilityKit {

    /** The untyped variants write the declared type only: a payload cannot name a class. */
    @Override
    protected boolean writesClassNames(String id) {
        return id.endsWith("-typed");
    }

    /**
     * Jackson's {@code StreamReadConstraints} bound nesting, string and document length; nothing in its databind
     * counts array or collection elements, objects or hash nesting.
     */
    @Override
    protected Set<ReadLimit> unboundedLimits(String id) {
        return Set.of(ReadLimit.ARRAY_LENGTH, ReadLimit.COLLECTION_ELEMENTS, ReadLimit.OBJECTS, ReadLimit.HASH_NESTING);
    }
}
