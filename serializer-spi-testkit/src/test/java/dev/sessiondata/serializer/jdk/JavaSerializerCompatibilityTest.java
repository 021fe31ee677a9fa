package dev.sessiondata.serializer.jdk;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

/** The compatibility kit for {@code java}, the only id on this module's class path. */
class JavaSerializerCompatibilityTest extends SerializerCompatibilityKit {
}
