package dev.sessiondata.serializer.bson;

import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonBinarySubType;
import org.bson.BsonReader;
import org.bson.BsonSerializationException;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;
import org.jspecify.annotations.Nullable;

/**
 * The codec of {@code Object}: writes a value with the codec of its runtime class, and reads whatever BSON holds as
 * its natural Java value — a document as a {@code LinkedHashMap} (in its order), an array as an {@code ArrayList},
 * Decimal128 as {@code BigDecimal}, a date-time as {@code Date}. It reads no class names, so a payload cannot make it
 * create anything else; nesting deeper than {@code maxDepth} is refused.
 */
final class NaturalValueCodec implements Codec<Object> {

    private final CodecRegistry registry;
    private final int maxDepth;

    NaturalValueCodec(CodecRegistry registry, int maxDepth) {
        this.registry = registry;
        this.maxDepth = maxDepth;
    }

    @Override
    public void encode(BsonWriter writer, Object value, EncoderContext context) {
        encode(writer, registry.get(value.getClass()), value, context);
    }

    @Override
    public @Nullable Object decode(BsonReader reader, DecoderContext context) {
        return read(reader, context, 1);
    }

    @Override
    public Class<Object> getEncoderClass() {
        return Object.class;
    }

    private @Nullable Object read(BsonReader reader, DecoderContext context, int depth) {
        BsonType type = reader.getCurrentBsonType();
        return switch (type) {
            case DOCUMENT -> readDocument(reader, context, depth);
            case ARRAY -> readArray(reader, context, depth);
            case STRING -> reader.readString();
            case INT32 -> reader.readInt32();
            case INT64 -> reader.readInt64();
            case DOUBLE -> reader.readDouble();
            case BOOLEAN -> reader.readBoolean();
            case DECIMAL128 -> reader.readDecimal128().bigDecimalValue();
            case DATE_TIME -> new Date(reader.readDateTime());
            case NULL -> readNull(reader);
            case BINARY -> reader.peekBinarySubType() == BsonBinarySubType.UUID_STANDARD.getValue()
                    ? registry.get(UUID.class).decode(reader, context)
                    : reader.readBinaryData().getData();
            default -> throw new BsonSerializationException("BSON type " + type + " is not a session value");
        };
    }

    private Map<String, Object> readDocument(BsonReader reader, DecoderContext context, int depth) {
        checkDepth(depth);
        Map<String, Object> document = new LinkedHashMap<>();
        reader.readStartDocument();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String name = reader.readName();
            document.put(name, read(reader, context, depth + 1));
        }
        reader.readEndDocument();
        return document;
    }

    private List<Object> readArray(BsonReader reader, DecoderContext context, int depth) {
        checkDepth(depth);
        List<Object> array = new ArrayList<>();
        reader.readStartArray();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            array.add(read(reader, context, depth + 1));
        }
        reader.readEndArray();
        return array;
    }

    private void checkDepth(int depth) {
        if (depth > maxDepth) {
            throw new BsonSerializationException("nesting deeper than maxDepth " + maxDepth);
        }
    }

    private static @Nullable Object readNull(BsonReader reader) {
        reader.readNull();
        return null;
    }

    @SuppressWarnings("unchecked")
    private static <T> void encode(BsonWriter writer, Codec<T> codec, Object value, EncoderContext context) {
        context.encodeWithChildContext(codec, writer, (T) value);
    }
}
