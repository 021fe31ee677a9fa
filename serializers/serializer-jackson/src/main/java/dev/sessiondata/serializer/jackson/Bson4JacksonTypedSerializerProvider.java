package dev.sessiondata.serializer.jackson;

/** Provides {@code bson4jackson-typed}: BSON through bson4jackson with allow-listed class names embedded. */
public final class Bson4JacksonTypedSerializerProvider extends JacksonSerializerProvider {

    public Bson4JacksonTypedSerializerProvider() {
        super("bson4jackson-typed", "de.undercouch.bson4jackson.BsonFactory", true);
    }

    @Override
    JacksonFormat format() {
        return new BsonFormat();
    }
}
