package dev.sessiondata.serializer.kryo;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class KryoSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "kryo";
    }
}
