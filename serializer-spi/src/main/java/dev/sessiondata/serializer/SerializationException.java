package dev.sessiondata.serializer;

import org.jspecify.annotations.Nullable;

/** Any failure to write or read a session value, naming the serializer that failed. */
public class SerializationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String serializerId;

    public SerializationException(String serializerId, String message) {
        this(serializerId, message, null);
    }

    public SerializationException(String serializerId, String message, @Nullable Throwable cause) {
        super("[" + serializerId + "] " + message, cause);
        this.serializerId = serializerId;
    }

    /** The id of the serializer that failed. */
    public String serializerId() {
        return serializerId;
    }
}
