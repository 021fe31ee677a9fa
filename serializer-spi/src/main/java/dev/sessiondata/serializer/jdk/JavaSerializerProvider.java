package dev.sessiondata.serializer.jdk;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;
import java.util.Optional;

/** Provides the {@code java} serializer; the JDK is always there. */
public final class JavaSerializerProvider implements SessionSerializerProvider {

    @Override
    public List<String> ids() {
        return List.of(KnownSerializers.JAVA);
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return new JavaSessionSerializer(settings);
    }

    @Override
    public Optional<String> refusalOf(String id, SerializerSettings settings) {
        return SessionSerializers.serializableOnly(id, settings);
    }
}
