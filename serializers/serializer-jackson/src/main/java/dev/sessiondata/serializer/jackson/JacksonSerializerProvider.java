package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;

/**
 * Provides Jackson data binding's six variants: three formats (JSON, Smile, BSON through bson4jackson), each plain
 * (the declared type only) or typed (class names in the payload, checked against the allow-list). A format is
 * created only in {@link #create}, so that discovery never loads Jackson.
 */
public final class JacksonSerializerProvider implements SessionSerializerProvider {

    public static final String JACKSON_JSON = "jackson-json";
    public static final String JACKSON_JSON_TYPED = "jackson-json-typed";
    public static final String JACKSON_SMILE = "jackson-smile";
    public static final String JACKSON_SMILE_TYPED = "jackson-smile-typed";
    public static final String BSON4JACKSON = "bson4jackson";
    public static final String BSON4JACKSON_TYPED = "bson4jackson-typed";

    @Override
    public List<String> ids() {
        return List.of(JACKSON_JSON, JACKSON_JSON_TYPED, JACKSON_SMILE, JACKSON_SMILE_TYPED, BSON4JACKSON,
                BSON4JACKSON_TYPED);
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
        return switch (id) {
            case JACKSON_JSON -> new JacksonSessionSerializer(id, settings, new JsonFormat(), false);
            case JACKSON_JSON_TYPED -> new JacksonSessionSerializer(id, settings, new JsonFormat(), true);
            case JACKSON_SMILE -> new JacksonSessionSerializer(id, settings, new SmileFormat(), false);
            case JACKSON_SMILE_TYPED -> new JacksonSessionSerializer(id, settings, new SmileFormat(), true);
            case BSON4JACKSON -> new JacksonSessionSerializer(id, settings, new BsonFormat(), false);
            case BSON4JACKSON_TYPED -> new JacksonSessionSerializer(id, settings, new BsonFormat(), true);
            default -> throw new IllegalArgumentException("not an id of this library: '" + id + "'");
        };
    }
}
