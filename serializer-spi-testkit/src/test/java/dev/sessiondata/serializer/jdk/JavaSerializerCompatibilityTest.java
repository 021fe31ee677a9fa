package dev.sessiondata.serializer.jdk;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class JavaSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "java";
    }
}
