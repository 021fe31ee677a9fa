package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

/** The compatibility kit for every id of this module. */
class JacksonSerializerCompatibilityTest extends SerializerCompatibilityKit {

    /** The untyped variants write the declared type only: a payload cannot name a class. */
    @Override
    protected boolean writesClassNames(String id) {
        return id.endsWith("-typed");
    }
}
