package dev.sessiondata.serializer.kryo;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;

/**
 * Provides Kryo 5's two variants: {@code kryo} with its portable {@code Input}/{@code Output}, {@code kryo-unsafe}
 * with its {@code sun.misc.Unsafe} buffers (see {@link KryoStreams}).
 */
public final class KryoSerializerProvider implements SessionSerializerProvider {

    /** Strings, so that discovery loads no class of the library. */
    public static final String KRYO = "kryo";
    public static final String KRYO_UNSAFE = "kryo-unsafe";

    @Override
    public List<String> ids() {
        return List.of(KRYO, KRYO_UNSAFE);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("com.esotericsoftware.kryo.Kryo")
                && SessionSerializers.isOnClassPath("com.esotericsoftware.kryo.unsafe.UnsafeInput");
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return new KryoSessionSerializer(KryoStreams.of(id), settings);
    }
}
