package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class FstUnsafeSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "fst-unsafe";
    }
}
