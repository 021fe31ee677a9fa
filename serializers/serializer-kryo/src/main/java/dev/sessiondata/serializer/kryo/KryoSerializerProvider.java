package dev.sessiondata.serializer.kryo;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SerializerVariant;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.UnsafeMemoryAccess;
import java.util.List;

/**
 * Provides Kryo 5's two variants: {@code kryo} with its portable {@code Input}/{@code Output}, {@code kryo-unsafe}
 * with its {@code sun.misc.Unsafe} buffers (see {@link KryoVariant}). Where this JVM denies Unsafe memory access,
 * {@code kryo} reaches fields by reflection ({@link KryoFieldAccess}) and {@code kryo-unsafe} is not available.
 */
public final class KryoSerializerProvider implements SessionSerializerProvider {

    @Override
    public List<String> ids() {
        return SerializerVariant.ids(KryoVariant.class);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("com.esotericsoftware.kryo.Kryo")
                && SessionSerializers.isOnClassPath("com.esotericsoftware.kryo.unsafe.UnsafeInput");
    }

    @Override
    public boolean isAvailable(String id) {
        return isAvailable() && !(UnsafeMemoryAccess.isDenied() && variant(id).needsUnsafe());
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        KryoVariant variant = variant(id);
        if (UnsafeMemoryAccess.isDenied() && variant.needsUnsafe()) {
            throw new IllegalStateException("serializer '" + id + "' reads and writes through Kryo's UnsafeInput and "
                    + "UnsafeOutput, which call sun.misc.Unsafe, and this JVM denies its memory access ("
                    + UnsafeMemoryAccess.DENY_OPTION + "); use 'kryo', or start the JVM without that option");
        }
        KryoFieldAccess.avoidUnsafeWhereDenied();
        return new KryoSessionSerializer(variant, settings);
    }

    private static KryoVariant variant(String id) {
        return SerializerVariant.of(KryoVariant.class, id);
    }
}
