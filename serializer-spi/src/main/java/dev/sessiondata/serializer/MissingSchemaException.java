package dev.sessiondata.serializer;

import dev.sessiondata.api.ClassDescriptor;

/**
 * A payload names a class by the uid of a schema this JVM never installed: the writer's schema must be installed
 * ({@link SchemaExchangingSerializer#install}) before it reads. A caller that can fetch schemas asks for
 * {@link #uid()} and reads again.
 */
public class MissingSchemaException extends SerializationException {

    private static final long serialVersionUID = 1L;

    private final long uid;

    public MissingSchemaException(String serializerId, long uid) {
        super(serializerId, "no schema (class descriptor) for uid " + ClassDescriptor.uidToHex(uid)
                + ": install the writer's (SchemaExchangingSerializer.install) or register the class");
        this.uid = uid;
    }

    /** The uid of the schema that is missing. */
    public long uid() {
        return uid;
    }
}
