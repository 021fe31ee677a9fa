package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

class JacksonJsonSerializerCompatibilityTest extends SerializerCompatibilityKit {

    @Override
    protected String id() {
        return "jackson-json";
    }

    /** Plain Jackson of the declared type: an {@code Object} field reads back as maps, never as a named class. */
    @Override
    protected boolean writesClassNames() {
        return false;
    }
}
