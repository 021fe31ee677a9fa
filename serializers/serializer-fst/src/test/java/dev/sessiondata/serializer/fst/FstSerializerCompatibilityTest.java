package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class FstSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "fst";
    }
}
