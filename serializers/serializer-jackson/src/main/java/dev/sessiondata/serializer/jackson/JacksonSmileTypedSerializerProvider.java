package dev.sessiondata.serializer.jackson;

/** Provides {@code jackson-smile-typed}: Jackson Smile with allow-listed class names embedded. */
public final class JacksonSmileTypedSerializerProvider extends JacksonSerializerProvider {

    public JacksonSmileTypedSerializerProvider() {
        super("jackson-smile-typed", "com.fasterxml.jackson.dataformat.smile.SmileFactory", true);
    }

    @Override
    JacksonFormat format() {
        return new SmileFormat();
    }
}
