package dev.sessiondata.serializer.jackson;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;

/**
 * What the six Jackson providers share. A provider names its format's library class as a string and creates its
 * format only in {@link #create}, so that discovery never loads Jackson or a format library that may be absent.
 */
abstract class JacksonSerializerProvider implements SessionSerializerProvider {

    private final String id;
    private final String formatClass;
    private final boolean typed;

    JacksonSerializerProvider(String id, String formatClass, boolean typed) {
        this.id = id;
        this.formatClass = formatClass;
        this.typed = typed;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final boolean isAvailable() {
        return SessionSerializers.isOnClassPath("com.fasterxml.jackson.databind.ObjectMapper")
                && SessionSerializers.isOnClassPath("com.fasterxml.jackson.datatype.jsr310.JavaTimeModule")
                && SessionSerializers.isOnClassPath(formatClass);
    }

    @Override
    public final SessionSerializer create(SerializerSettings settings) {
        return new JacksonSessionSerializer(id, settings, format(), typed);
    }

    /** The format, created only when a serializer is. */
    abstract JacksonFormat format();
}
