package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;

/**
 * Provides {@code one-nio-persist}: persist mode, each class descriptor inline, so a reader needs nothing
 * beforehand. Each inline descriptor is registered by uid on its first read, so reading never generates a class per
 * read.
 */
public final class OneNioPersistSerializerProvider implements SessionSerializerProvider {

    @Override
    public String id() {
        return "one-nio-persist";
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("one.nio.serial.Repository");
    }

    @Override
    public SessionSerializer create(SerializerSettings settings) {
        return new OneNioSessionSerializer(true, settings);
    }
}
