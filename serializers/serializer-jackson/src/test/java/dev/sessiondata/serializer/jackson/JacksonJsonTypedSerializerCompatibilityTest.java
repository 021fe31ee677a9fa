package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class JacksonJsonTypedSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "jackson-json-typed";
    }
}
