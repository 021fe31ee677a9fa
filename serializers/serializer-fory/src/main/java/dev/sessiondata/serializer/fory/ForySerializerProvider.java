package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;

/** Provides the {@code fory} serializer when Apache Fory ({@code fory-core}) is on the class path. */
public final class ForySerializerProvider implements SessionSerializerProvider {

    /** The id of this library's one serializer. */
    public static final String ID = "fory";

    @Override
    public List<String> ids() {
        return List.of(ID);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("org.apache.fory.Fory");
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return new ForySessionSerializer(settings);
    }
}
