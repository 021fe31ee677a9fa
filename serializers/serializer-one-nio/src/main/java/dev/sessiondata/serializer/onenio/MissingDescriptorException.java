package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.SerializationException;
import java.util.HexFormat;

/**
 * Compact-mode data refers to a class uid this JVM has no one-nio serializer for: the writer's class descriptor was
 * never installed here. A caller that can fetch descriptors (the session client asks the server) installs the one
 * with {@link #uid()} through {@link OneNioDescriptors#install} and reads again.
 */
public final class MissingDescriptorException extends SerializationException {

    private static final long serialVersionUID = 1L;

    private final long uid;

    public MissingDescriptorException(String serializerId, long uid) {
        super(serializerId, "no class descriptor for uid " + HexFormat.of().toHexDigits(uid)
                + ": install the writer's descriptor (OneNioDescriptors.install) or register the class");
        this.uid = uid;
    }

    /** The uid of the class descriptor that is missing. */
    public long uid() {
        return uid;
    }
}
