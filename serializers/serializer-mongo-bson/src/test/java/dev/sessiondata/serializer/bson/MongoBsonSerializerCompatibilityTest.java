package dev.sessiondata.serializer.bson;

import dev.sessiondata.serializer.kit.SerializerCompatibilityKit;

/** The compatibility kit for every id of this module. */
class MongoBsonSerializerCompatibilityTest extends SerializerCompatibilityKit {

    /** BSON documents of the declared type: a payload cannot name a class. */
    @Override
    protected boolean writesClassNames(String id) {
        return false;
    }
}
