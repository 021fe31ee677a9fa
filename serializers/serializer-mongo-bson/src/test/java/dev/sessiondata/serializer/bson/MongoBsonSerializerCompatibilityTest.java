package dev.sessiondata.serializer.bson;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

/** BSON of the declared types: the payload names no classes, so an {@code Object} field reads back as plain values. */
class MongoBsonSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "mongo-bson";
    }

    @Override
    protected boolean writesClassNames() {
        return false;
    }
}
