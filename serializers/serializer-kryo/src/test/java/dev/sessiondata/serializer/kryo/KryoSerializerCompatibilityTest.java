package dev.sessiondata.serializer.kryo;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

/** The compatibility kit for every id of this module. */
class KryoSerializerCompatibilityTest extends SerializerCompatibilityKit {
}
