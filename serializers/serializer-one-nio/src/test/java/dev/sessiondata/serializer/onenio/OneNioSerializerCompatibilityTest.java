package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

/** The compatibility kit for every id of this module. */
class OneNioSerializerCompatibilityTest extends SerializerCompatibilityKit {
}
