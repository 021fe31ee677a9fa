package dev.sessiondata.serializer.bson;

import dev.sessiondata.serializer.kit.ReadLimit;
import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;
import java.util.Set;

/** The compatibility kit for every id of this module. */
class MongoBsonSerializerCompatibilityTest extends SerializerCompatibilityKit {

    /** BSON documents of the declared type: a payload cannot name a class. */
    @Override
    protected boolean writesClassNames(String id) {
        return false;
    }

    /** The codecs bound nesting and length prefixes against the bytes left; they count nothing against the settings. */
    @Override
    protected Set<ReadLimit> unboundedLimits(String id) {
        return Set.of(ReadLimit.values());
    }
}
