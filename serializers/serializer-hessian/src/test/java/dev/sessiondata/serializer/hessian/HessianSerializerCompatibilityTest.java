package dev.sessiondata.serializer.hessian;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

/** The compatibility kit for every id of this module. */
class HessianSerializerCompatibilityTest extends SerializerCompatibilityKit {
}
