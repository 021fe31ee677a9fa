package dev.sessiondata.serializer.jackson;

/** Provides {@code jackson-smile}: Jackson Smile of the declared type. */
public final class JacksonSmileSerializerProvider extends JacksonSerializerProvider {

    public JacksonSmileSerializerProvider() {
        super("jackson-smile", "com.fasterxml.jackson.dataformat.smile.SmileFactory", false);
    }

    @Override
    JacksonFormat format() {
        return new SmileFormat();
    }
}
