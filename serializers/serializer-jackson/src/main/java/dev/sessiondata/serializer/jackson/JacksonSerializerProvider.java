package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SerializerVariant;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;

/**
 * Provides Jackson data binding's six variants ({@link JacksonVariant}): three data formats (JSON, Smile, BSON through
 * bson4jackson), each plain (the declared type only) or typed (class names in the payload, checked against the
 * allow-list). A data format is created only in {@link #create}, so that discovery never loads Jackson.
 */
public final class JacksonSerializerProvider implements SessionSerializerProvider {

    @Override
    public List<String> ids() {
        return SerializerVariant.ids(JacksonVariant.class);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("com.fasterxml.jackson.databind.ObjectMapper")
                && SessionSerializers.isOnClassPath("com.fasterxml.jackson.datatype.jsr310.JavaTimeModule")
                && SessionSerializers.isOnClassPath("com.fasterxml.jackson.dataformat.smile.SmileFactory")
                && SessionSerializers.isOnClassPath("de.undercouch.bson4jackson.BsonFactory");
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return new JacksonSessionSerializer(SerializerVariant.of(JacksonVariant.class, id), settings);
    }
}
