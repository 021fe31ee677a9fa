package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;

/**
 * Provides {@code one-nio}: compact mode, class uids only. A reader needs the writer's class descriptors; see
 * {@link OneNioDescriptors}.
 */
public final class OneNioSerializerProvider implements SessionSerializerProvider {

    @Override
    public String id() {
        return "one-nio";
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("one.nio.serial.Repository");
    }

    @Override
    public SessionSerializer create(SerializerSettings settings) {
        return new OneNioSessionSerializer(false, settings);
    }
}
