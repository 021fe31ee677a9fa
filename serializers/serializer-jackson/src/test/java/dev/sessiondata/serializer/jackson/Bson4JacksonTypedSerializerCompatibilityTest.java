package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class Bson4JacksonTypedSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "bson4jackson-typed";
    }
}
