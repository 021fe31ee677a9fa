package dev.sessiondata.serializer.kryo;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SerializerVariant;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;

/**
 * Provides Kryo 5's two variants: {@code kryo} with its portable {@code Input}/{@code Output}, {@code kryo-unsafe}
 * with its {@code sun.misc.Unsafe} buffers (see {@link KryoVariant}).
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
    public SessionSerializer create(String id, SerializerSettings settings) {
        return new KryoSessionSerializer(SerializerVariant.of(KryoVariant.class, id), settings);
    }
}
