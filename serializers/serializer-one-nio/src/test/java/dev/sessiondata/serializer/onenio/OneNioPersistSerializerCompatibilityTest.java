package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class OneNioPersistSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "one-nio-persist";
    }
}
