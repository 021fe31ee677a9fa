package dev.sessiondata.serializer.bson;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import java.nio.ByteBuffer;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonType;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.io.BasicOutputBuffer;

/**
 * BSON through MongoDB's codecs ({@link SessionCodecs}). A BSON payload is a document, so every value, a POJO as
 * much as a {@code byte[]} or a string, travels in an envelope {@code {"v": value}}.
 *
 * <p>Values are read as the requested type and its declared property types; the payload carries no class names, so
 * an {@code Object} property reads back as plain maps, lists and JDK values, never as a class the payload names.
 */
final class MongoBsonSessionSerializer extends AbstractSessionSerializer {

    private static final String VALUE = "v";

    private final CodecRegistry codecs;

    MongoBsonSessionSerializer(SerializerSettings settings) {
        super(KnownSerializers.MONGO_BSON, settings);
        this.codecs = SessionCodecs.registry(settings);
    }

    @Override
    protected byte[] write(Object value) {
        BasicOutputBuffer buffer = new BasicOutputBuffer(256);
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            writer.writeStartDocument();
            writer.writeName(VALUE);
            encode(writer, codecs.get(value.getClass()), value);
            writer.writeEndDocument();
        }
        return buffer.toByteArray();
    }

    @Override
    protected Object read(byte[] data, Class<?> type) {
        try (BsonBinaryReader reader = new BoundedBsonBinaryReader(ByteBuffer.wrap(data), settings.maxArrayLength())) {
            reader.readStartDocument();
            if (reader.readBsonType() == BsonType.END_OF_DOCUMENT || !VALUE.equals(reader.readName())) {
                throw new SerializationException(id(), "not a " + id() + " payload: no \"" + VALUE + "\" envelope");
            }
            Object value;
            if (reader.getCurrentBsonType() == BsonType.NULL) {
                reader.readNull();
                value = null;
            } else {
                value = codecs.get(type).decode(reader, DecoderContext.builder().build());
            }
            reader.readEndDocument();
            if (reader.getBsonInput().hasRemaining()) {
                throw new SerializationException(id(), "bytes follow the " + id() + " document");
            }
            return value;
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> void encode(BsonBinaryWriter writer, Codec<T> codec, Object value) {
        codec.encode(writer, (T) value, EncoderContext.builder().build());
    }
}
