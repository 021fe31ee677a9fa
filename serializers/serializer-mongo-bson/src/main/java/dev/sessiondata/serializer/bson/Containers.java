package dev.sessiondata.serializer.bson;

import java.lang.reflect.Modifier;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecConfigurationException;
import org.jspecify.annotations.Nullable;

/** What the container codecs share: null elements, and instances of a declared concrete container class. */
final class Containers {

    private Containers() {
    }

    static void writeElement(BsonWriter writer, Codec<?> codec, @Nullable Object element, EncoderContext context) {
        if (element == null) {
            writer.writeNull();
        } else {
            encode(writer, codec, element, context);
        }
    }

    static @Nullable Object readElement(BsonReader reader, Codec<?> codec, DecoderContext context) {
        if (reader.getCurrentBsonType() == BsonType.NULL) {
            reader.readNull();
            return null;
        }
        return context.decodeWithChildContext(codec, reader);
    }

    static boolean isInstantiable(Class<?> type) {
        return !type.isInterface() && !Modifier.isAbstract(type.getModifiers());
    }

    /** A new instance of a declared (never a payload-named) container class, by its no-argument constructor. */
    @SuppressWarnings("unchecked")
    static <T> T instantiate(Class<?> type) {
        try {
            return (T) type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new CodecConfigurationException("cannot make an instance of " + type.getName() + ": " + e, e);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> void encode(BsonWriter writer, Codec<T> codec, Object value, EncoderContext context) {
        context.encodeWithChildContext(codec, writer, (T) value);
    }
}
