package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class OneNioSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "one-nio";
    }
}
