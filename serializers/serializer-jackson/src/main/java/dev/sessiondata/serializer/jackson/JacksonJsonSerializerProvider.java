package dev.sessiondata.serializer.jackson;

/** Provides {@code jackson-json}: Jackson JSON of the declared type. */
public final class JacksonJsonSerializerProvider extends JacksonSerializerProvider {

    public JacksonJsonSerializerProvider() {
        super("jackson-json", "com.fasterxml.jackson.core.JsonFactory", false);
    }

    @Override
    JacksonFormat format() {
        return new JsonFormat();
    }
}
