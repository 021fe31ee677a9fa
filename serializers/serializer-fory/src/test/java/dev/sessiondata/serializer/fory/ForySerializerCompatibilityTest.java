package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

/** The compatibility kit for every id of this module. */
class ForySerializerCompatibilityTest extends SerializerCompatibilityKit {
}
