package dev.sessiondata.serializer.bson;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;

/** Provides the {@code mongo-bson} serializer when MongoDB's {@code org.mongodb:bson} is on the class path. */
public final class MongoBsonSerializerProvider implements SessionSerializerProvider {

    @Override
    public String id() {
        return MongoBsonSessionSerializer.ID;
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("org.bson.codecs.pojo.PojoCodecProvider");
    }

    @Override
    public SessionSerializer create(SerializerSettings settings) {
        return new MongoBsonSessionSerializer(settings);
    }
}
