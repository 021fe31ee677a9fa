package dev.sessiondata.serializer;

/**
 * Turns a session context into bytes and back.
 *
 * <p>Instances are immutable and thread-safe; one instance serves the whole application. Every failure — corrupt
 * bytes, a class outside the allow-list, a limit exceeded — is a {@link SerializationException}.
 */
public interface SessionSerializer {

    /** The id this serializer is chosen by, such as {@code one-nio}; also the tag stored beside its bytes. */
    String id();

    /** Writes {@code value} and everything reachable from it. */
    byte[] serialize(Object value);

    /** Reads a value of {@code type} (or a subtype) from bytes this serializer wrote. */
    <T> T deserialize(byte[] data, Class<T> type);
}
