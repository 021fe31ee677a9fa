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

    /** From inside a serializer, which names itself on the way up. */
    public MissingSchemaException(long uid) {
        super(message(uid));
        this.uid = uid;
    }

    /** From a serializer that names itself, as every {@code SessionSerializer} must on what it throws. */
    public MissingSchemaException(String serializerId, long uid) {
        super(serializerId, message(uid));
        this.uid = uid;
    }

    private static String message(long uid) {
        return "no schema (class descriptor) for uid " + ClassDescriptor.uidToHex(uid)
                + ": install the writer's (SchemaExchangingSerializer.install) or register the class";
    }

    /** The uid of the schema that is missing. */
    public long uid() {
        return uid;
    }
}
