package dev.sessiondata.serializer.hessian;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class HessianSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "hessian";
    }
}
