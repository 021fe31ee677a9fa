package dev.sessiondata.client.internal;

import java.util.Objects;
import java.util.function.Function;

/**
 * A session value about to be written: the bytes one serializer made of it, and how to make them with another, so
 * that an interceptor that learns the service refuses {@code serializerId} can send the value again without the verbs
 * knowing.
 */
public record SessionBody(String serializerId, byte[] bytes, Function<String, SessionBody> reencoder) {

    public SessionBody {
        Objects.requireNonNull(serializerId, "serializerId");
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(reencoder, "reencoder");
    }

    /** The same value in the bytes of another serializer. */
    public SessionBody encodedWith(String otherSerializerId) {
        return reencoder.apply(otherSerializerId);
    }
}
