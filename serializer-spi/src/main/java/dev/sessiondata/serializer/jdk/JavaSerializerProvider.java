package dev.sessiondata.serializer.jdk;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;

/** Provides the {@code java} serializer; the JDK is always there. */
public final class JavaSerializerProvider implements SessionSerializerProvider {

    @Override
    public String id() {
        return JavaSessionSerializer.ID;
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    @Override
    public SessionSerializer create(SerializerSettings settings) {
        return new JavaSessionSerializer(settings);
    }
}
