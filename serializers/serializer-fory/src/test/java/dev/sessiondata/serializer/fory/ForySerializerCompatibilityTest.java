package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class ForySerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "fory";
    }
}
