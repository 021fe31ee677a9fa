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
     * Whether serializer {@code id}, one of {@link #ids()}, can run in this JVM; by default whether the library is on
     * the class path. A variant that needs what this JVM denies (such as {@code sun.misc.Unsafe} memory access, see
     * {@link UnsafeMemoryAccess}) answers false, and {@link #create} then throws an {@link IllegalStateException}
     * that says why and what would make it run.
     */
    default boolean isAvailable(String id) {
        return isAvailable();
    }

    /**
     * Creates the serializer of {@code id}, one of {@link #ids()}, configured by {@code settings}; called only when
     * {@link #isAvailable()} is true.
     *
     * @throws IllegalStateException if this JVM denies what serializer {@code id} needs ({@link #isAvailable(String)}
     *     is false), naming it
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
