package dev.sessiondata.serializer.kryo;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;

/**
 * Provides the {@code kryo-unsafe} serializer: Kryo 5 with {@code UnsafeInput}/{@code UnsafeOutput}, which copy
 * primitives with {@code sun.misc.Unsafe} in the platform's byte order (so its bytes differ from {@code kryo}'s).
 */
public final class KryoUnsafeSerializerProvider implements SessionSerializerProvider {

    /** A string, so that discovery loads no class of the optional library. */
    static final String ID = "kryo-unsafe";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("com.esotericsoftware.kryo.unsafe.UnsafeInput");
    }

    @Override
    public SessionSerializer create(SerializerSettings settings) {
        return new KryoSessionSerializer(KryoStreams.UNSAFE, settings);
    }
}
