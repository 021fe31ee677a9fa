package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class Bson4JacksonSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "bson4jackson";
    }

    /** Plain Jackson of the declared type: an {@code Object} field reads back as maps, never as a named class. */
    @Override
    protected boolean writesClassNames() {
        return false;
    }
}
