package dev.sessiondata.serializer.kryo;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class KryoUnsafeSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "kryo-unsafe";
    }
}
