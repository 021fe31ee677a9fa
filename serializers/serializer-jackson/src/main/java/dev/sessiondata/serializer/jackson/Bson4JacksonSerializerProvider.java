package dev.sessiondata.serializer.jackson;

/** Provides {@code bson4jackson}: BSON through bson4jackson, of the declared type. */
public final class Bson4JacksonSerializerProvider extends JacksonSerializerProvider {

    public Bson4JacksonSerializerProvider() {
        super("bson4jackson", "de.undercouch.bson4jackson.BsonFactory", false);
    }

    @Override
    JacksonFormat format() {
        return new BsonFormat();
    }
}
