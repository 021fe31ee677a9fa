package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;

/** Provides the {@code fory} serializer when Apache Fory ({@code fory-core}) is on the class path. */
public final class ForySerializerProvider implements SessionSerializerProvider {

    @Override
    public String id() {
        return ForySessionSerializer.ID;
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("org.apache.fory.Fory");
    }

    @Override
    public SessionSerializer create(SerializerSettings settings) {
        return new ForySessionSerializer(settings);
    }
}
