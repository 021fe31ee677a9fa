package dev.sessiondata.serializer.fory;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;

/**
 * Provides the {@code fory} and {@code fory-shared} serializers when Apache Fory ({@code fory-core}) is on the class
 * path.
 */
public final class ForySerializerProvider implements SessionSerializerProvider {

    @Override
    public List<String> ids() {
        return List.of(KnownSerializers.FORY, KnownSerializers.FORY_SHARED);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("org.apache.fory.Fory");
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return KnownSerializers.FORY_SHARED.equals(id) ? new ForySharedSerializer(settings)
                : new ForySessionSerializer(settings);
    }
}
