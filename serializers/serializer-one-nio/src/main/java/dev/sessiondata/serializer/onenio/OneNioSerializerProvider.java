package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SerializerVariant;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.UnsafeMemoryAccess;
import java.util.List;
import java.util.Optional;

/**
 * Provides One Nio's two variants ({@link OneNioVariant}): {@code one-nio}, compact mode (class uids only; a reader
 * needs the writer's class descriptors, so it is a {@link dev.sessiondata.serializer.SchemaExchangingSerializer}),
 * and {@code one-nio-persist}, persist mode (each class's descriptor inline, once per payload).
 *
 * <p>Neither runs where the JVM denies {@code sun.misc.Unsafe} memory access, and no setting of One Nio changes that:
 * {@code JavaInternals}' static initializer calls {@code Unsafe.arrayBaseOffset}, and its streams
 * ({@code DataStream} and its subclasses, through which every value is read and written) copy every primitive with
 * {@code Unsafe.getLong}/{@code putLong}/{@code copyMemory}. Its {@code one.nio.serial.gen.mode=method_handles}
 * (the default from JDK 24) only changes how the generated serializers reach fields. Both are then not available,
 * and creating one says why.
 */
public final class OneNioSerializerProvider implements SessionSerializerProvider {

    @Override
    public List<String> ids() {
        return SerializerVariant.ids(OneNioVariant.class);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("one.nio.serial.Repository");
    }

    @Override
    public boolean isAvailable(String id) {
        return isAvailable() && !UnsafeMemoryAccess.isDenied();
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        OneNioVariant variant = SerializerVariant.of(OneNioVariant.class, id);
        if (UnsafeMemoryAccess.isDenied()) {
            throw new IllegalStateException("serializer '" + id + "': One Nio reads and writes every value through "
                    + "sun.misc.Unsafe (JavaInternals, DataStream), and this JVM denies its memory access ("
                    + UnsafeMemoryAccess.DENY_OPTION + "); start the JVM without that option, or use another "
                    + "serializer");
        }
        return switch (variant) {
            case ONE_NIO -> new OneNioCompactSerializer(settings);
            case ONE_NIO_PERSIST -> new OneNioSessionSerializer(variant, settings);
        };
    }

    @Override
    public Optional<String> refusalOf(String id, SerializerSettings settings) {
        return ReachableClasses.unwritable(settings.registeredClasses());
    }
}
