package dev.sessiondata.serializer;

/**
 * Makes the serializer of one id; found with {@link java.util.ServiceLoader}.
 *
 * <p>A provider must not touch its library's classes before {@link #create} is called, so that discovery works
 * when the optional library is absent: {@link #isAvailable()} checks for the library by class name only.
 */
public interface SessionSerializerProvider {

    /** The id of the serializer this provider creates. */
    String id();

    /** Whether this provider's library is on the class path. */
    boolean isAvailable();

    /** Creates a serializer configured by {@code settings}; called only when {@link #isAvailable()} is true. */
    SessionSerializer create(SerializerSettings settings);
}
