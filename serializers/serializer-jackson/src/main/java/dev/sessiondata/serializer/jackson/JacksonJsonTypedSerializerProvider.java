package dev.sessiondata.serializer.jackson;

/** Provides {@code jackson-json-typed}: Jackson JSON with allow-listed class names embedded. */
public final class JacksonJsonTypedSerializerProvider extends JacksonSerializerProvider {

    public JacksonJsonTypedSerializerProvider() {
        super("jackson-json-typed", "com.fasterxml.jackson.core.JsonFactory", true);
    }

    @Override
    JacksonFormat format() {
        return new JsonFormat();
    }
}
