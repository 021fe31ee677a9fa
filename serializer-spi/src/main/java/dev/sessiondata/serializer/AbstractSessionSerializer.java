package dev.sessiondata.serializer;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The checks every serializer shares, so that each library adapter only writes and reads.
 *
 * <p>Before a read: the payload is within {@link SerializerSettings#maxPayloadBytes()} and the requested type is on
 * the allow-list. During: a {@link ReadBudget} bounds the work the read may do. After: the value is of the requested
 * type. Around both: every exception and stack overflow the library throws becomes a {@link SerializationException}
 * naming this serializer, so a caller catches one type; a refusal of ours the library wrapped is unwrapped here,
 * once, and nothing else is wrapped by an adapter.
 */
public abstract class AbstractSessionSerializer implements SessionSerializer {

    private final String id;
    protected final SerializerSettings settings;
    /**
     * The requested type that last passed the allow-list: a caller that reads one type pays the check once per
     * serializer, not once per read. Racy by design: a stale value only costs a check.
     */
    private volatile @Nullable Class<?> lastAllowedType;

    protected AbstractSessionSerializer(String id, SerializerSettings settings) {
        this.id = Objects.requireNonNull(id, "id");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * For a library that writes only {@link java.io.Serializable} classes: refuses, when the serializer is made, a
     * registered class it could not write, so an application learns it at startup rather than at its first write.
     *
     * @throws IllegalArgumentException naming the first such class
     */
    protected final void requireSerializableRegisteredClasses() {
        SessionSerializers.serializableOnly(id, settings).ifPresent(refusal -> {
            throw new IllegalArgumentException(refusal);
        });
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final byte[] serialize(Object value) {
        Objects.requireNonNull(value, "value");
        byte[] data;
        try {
            data = write(value);
        } catch (Exception | StackOverflowError e) {
            throw refusalIn(e).map(refusal -> refusal.inSerializer(id)).orElseGet(() -> new SerializationException(id,
                    "cannot write " + value.getClass().getName() + ": " + describe(e), e));
        }
        if (data.length > settings.maxPayloadBytes()) {
            throw new SerializationException(id, "payload of " + data.length + " bytes exceeds maxPayloadBytes "
                    + settings.maxPayloadBytes());
        }
        return data;
    }

    @Override
    public final <T> T deserialize(byte[] data, Class<T> type) {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(type, "type");
        if (data.length == 0) {
            throw new SerializationException(id, "empty payload");
        }
        if (data.length > settings.maxPayloadBytes()) {
            throw new SerializationException(id, "payload of " + data.length + " bytes exceeds maxPayloadBytes "
                    + settings.maxPayloadBytes());
        }
        Object value;
        ReadBudget budget = ReadBudget.open(settings);
        try {
            if (type != lastAllowedType) {
                settings.allowList().check(type);
                lastAllowedType = type;
            }
            value = read(data, type);
        } catch (Exception | StackOverflowError e) {
            throw refusalIn(e).map(refusal -> refusal.inSerializer(id)).orElseGet(() -> new SerializationException(id,
                    "cannot read " + type.getName() + " from " + data.length + " bytes: " + describe(e), e));
        } finally {
            ReadBudget.close(budget);
        }
        Class<?> boxed = box(type);
        if (!boxed.isInstance(value)) {
            throw new SerializationException(id, "expected " + type.getName() + " but read "
                    + (value == null ? "null" : value.getClass().getName()));
        }
        @SuppressWarnings("unchecked")
        T result = (T) value;
        return result;
    }

    /**
     * Writes a non-null value; may throw anything its library throws (checked exceptions too), which becomes a
     * {@link SerializationException} here.
     */
    protected abstract byte[] write(Object value) throws Exception;

    /**
     * Reads a value from a non-empty payload within the size limit, for an allowed {@code type}; may throw anything
     * its library throws (checked exceptions too), which becomes a {@link SerializationException} here. Classes
     * named inside the payload must be checked against {@link SerializerSettings#allowList()} before they are loaded
     * or instantiated, and the library's hooks count what they create against {@link ReadBudget#current()}.
     */
    protected abstract Object read(byte[] data, Class<?> type) throws Exception;

    /**
     * Our own refusal (an allow-list check, a bound) thrown from inside the library, which may have wrapped it in
     * its own exceptions (Kryo, FST, One Nio do), or an adapter in a more general one: the deepest is surfaced as
     * itself, so that a caller sees the real reason and the serializer.
     */
    private static Optional<SerializationException> refusalIn(Throwable failure) {
        SerializationException deepest = null;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SerializationException refusal) {
                deepest = refusal;
            }
        }
        return Optional.ofNullable(deepest);
    }

    /** The failure, and its root cause when a library wrapped that in layers of its own exceptions (FST does). */
    private static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == failure ? failure.toString() : failure + " (root cause: " + root + ")";
    }

    private static Class<?> box(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return java.lang.invoke.MethodType.methodType(type).wrap().returnType();
    }
}
