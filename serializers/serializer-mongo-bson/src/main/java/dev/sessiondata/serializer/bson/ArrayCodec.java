package dev.sessiondata.serializer.bson;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;

/** An array ({@code long[]}, {@code String[]}...) as a BSON array of its elements. */
final class ArrayCodec<A> implements Codec<A> {

    private final Class<A> type;
    private final Codec<?> elements;

    ArrayCodec(Class<A> type, Codec<?> elements) {
        this.type = type;
        this.elements = elements;
    }

    @Override
    public void encode(BsonWriter writer, A value, EncoderContext context) {
        writer.writeStartArray();
        for (int i = 0, length = Array.getLength(value); i < length; i++) {
            Containers.writeElement(writer, elements, Array.get(value, i), context);
        }
        writer.writeEndArray();
    }

    @Override
    public A decode(BsonReader reader, DecoderContext context) {
        // read into a list first: a BSON array does not say its length, and the elements bound it by the input
        List<Object> read = new ArrayList<>();
        reader.readStartArray();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            read.add(Containers.readElement(reader, elements, context));
        }
        reader.readEndArray();
        Object array = Array.newInstance(type.getComponentType(), read.size());
        for (int i = 0; i < read.size(); i++) {
            Array.set(array, i, read.get(i));
        }
        return type.cast(array);
    }

    @Override
    public Class<A> getEncoderClass() {
        return type;
    }
}
