package dev.sessiondata.serializer;

import java.util.List;
import java.util.Optional;

/**
 * Makes the serializers of one library, one per variant (Kryo's safe and unsafe streams, Jackson's formats...);
 * found with {@link java.util.ServiceLoader}.
 *
 * <p>A provider must not touch its library's classes before {@link #create} is called, so that discovery works
 * when the library is absent: {@link #isAvailable()} checks for the library by class name only.
 */
public interface SessionSerializerProvider {

    /** The ids of the serializers this provider makes, one per variant of its library. */
    List<String> ids();

    /** Whether this provider's library is on the class path. */
    boolean isAvailable();

    /**
     * Creates the serializer of {@code id}, one of {@link #ids()}, configured by {@code settings}; called only when
     * {@link #isAvailable()} is true.
     */
    SessionSerializer create(String id, SerializerSettings settings);

    /**
     * Why the serializer of {@code id} could not write one of {@link SerializerSettings#registeredClasses()}, told
     * from the classes alone: without making the serializer or loading the library, so that a caller can check a
     * configuration at startup and make only the serializers it uses, when it first uses them. Empty when it can
     * write them all, or when only {@link #create} can tell (which then throws an
     * {@link IllegalArgumentException}). Called only when {@link #isAvailable()} is true.
     */
    default Optional<String> refusalOf(String id, SerializerSettings settings) {
        return Optional.empty();
    }
}
