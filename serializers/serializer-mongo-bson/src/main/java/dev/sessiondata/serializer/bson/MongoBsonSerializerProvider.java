package dev.sessiondata.serializer.bson;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;

/** Provides the {@code mongo-bson} serializer when MongoDB's {@code org.mongodb:bson} is on the class path. */
public final class MongoBsonSerializerProvider implements SessionSerializerProvider {

    @Override
    public List<String> ids() {
        return List.of(KnownSerializers.MONGO_BSON);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("org.bson.codecs.pojo.PojoCodecProvider");
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return new MongoBsonSessionSerializer(settings);
    }
}
