package dev.sessiondata.serializer;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Any failure to write or read a session value, naming the serializer that failed.
 *
 * <p>Code deep inside a serializer (an allow-list check, a bound in a library hook) throws it without an id; the
 * serializer adds its id once, on the way up ({@link #inSerializer}), as Kryo's {@code KryoException.addTrace}
 * adds where it failed. Every exception a {@link SessionSerializer} throws names its serializer.
 */
public class SerializationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private @Nullable String serializerId;

    /** A failure whose serializer is named on the way up. */
    public SerializationException(String message) {
        super(message);
    }

    /** A failure whose serializer is named on the way up. */
    public SerializationException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }

    public SerializationException(String serializerId, String message) {
        this(serializerId, message, null);
    }

    public SerializationException(String serializerId, String message, @Nullable Throwable cause) {
        super(message, cause);
        this.serializerId = Objects.requireNonNull(serializerId, "serializerId");
    }

    /** The id of the serializer that failed; set on everything a {@link SessionSerializer} throws. */
    public @Nullable String serializerId() {
        return serializerId;
    }

    /** Names the serializer that failed, unless one is named already; returns this exception. */
    public SerializationException inSerializer(String id) {
        if (serializerId == null) {
            serializerId = Objects.requireNonNull(id, "id");
        }
        return this;
    }

    @Override
    public String getMessage() {
        return serializerId == null ? super.getMessage() : "[" + serializerId + "] " + super.getMessage();
    }
}
