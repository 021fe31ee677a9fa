package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

/** The compatibility kit for every id of this module. */
class FstSerializerCompatibilityTest extends SerializerCompatibilityKit {
}
