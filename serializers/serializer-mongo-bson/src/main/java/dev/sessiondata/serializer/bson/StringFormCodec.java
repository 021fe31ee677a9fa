package dev.sessiondata.serializer.bson;

import java.util.function.Function;
import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;

/** A value written as a BSON string, such as a java.time value in its ISO-8601 form. */
final class StringFormCodec<T> implements Codec<T> {

    private final Class<T> type;
    private final Function<T, String> format;
    private final Function<String, T> parse;

    StringFormCodec(Class<T> type, Function<T, String> format, Function<String, T> parse) {
        this.type = type;
        this.format = format;
        this.parse = parse;
    }

    /** A codec writing {@code toString()}, which every java.time type parses back exactly. */
    static <T> StringFormCodec<T> iso(Class<T> type, Function<String, T> parse) {
        return new StringFormCodec<>(type, Object::toString, parse);
    }

    @Override
    public void encode(BsonWriter writer, T value, EncoderContext context) {
        writer.writeString(format.apply(value));
    }

    @Override
    public T decode(BsonReader reader, DecoderContext context) {
        return parse.apply(reader.readString());
    }

    @Override
    public Class<T> getEncoderClass() {
        return type;
    }
}
