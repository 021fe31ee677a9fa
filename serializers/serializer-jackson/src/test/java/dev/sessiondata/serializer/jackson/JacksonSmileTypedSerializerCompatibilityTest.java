package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class JacksonSmileTypedSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "jackson-smile-typed";
    }
}
