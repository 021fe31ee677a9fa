package dev.sessiondata.serializer.kryo;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;

/** Provides the {@code kryo} serializer: Kryo 5 with its portable {@code Input}/{@code Output}. */
public final class KryoSerializerProvider implements SessionSerializerProvider {

    /** A string, so that discovery loads no class of the optional library. */
    static final String ID = "kryo";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("com.esotericsoftware.kryo.Kryo");
    }

    @Override
    public SessionSerializer create(SerializerSettings settings) {
        return new KryoSessionSerializer(KryoStreams.SAFE, settings);
    }
}
