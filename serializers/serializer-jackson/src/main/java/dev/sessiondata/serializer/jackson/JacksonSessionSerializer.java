package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.SerializerSettings;
import java.io.IOException;

/**
 * A Jackson serializer of one {@link JacksonVariant}: a data format, typed or not. Holds only an
 * {@link ObjectReader} and an {@link ObjectWriter}, which are immutable and thread-safe; the mapper they come from is
 * configured once by {@link JacksonMappers}.
 *
 * <p>Where the format needs an envelope ({@link DataFormat#envelopeField()}), Jackson's root name wraps every
 * value in an object of that one field on write and unwraps it on read.
 */
final class JacksonSessionSerializer extends AbstractSessionSerializer {

    private final ObjectWriter writer;
    private final ObjectReader reader;

    JacksonSessionSerializer(JacksonVariant variant, SerializerSettings settings) {
        super(variant.id(), settings);
        DataFormat format = variant.format();
        ObjectMapper mapper = JacksonMappers.create(format, variant.typed(), settings);
        String envelope = format.envelopeField();
        this.writer = envelope == null ? mapper.writer() : mapper.writer().withRootName(envelope);
        this.reader = envelope == null ? mapper.reader() : mapper.reader().withRootName(envelope);
    }

    @Override
    protected byte[] write(Object value) throws JsonProcessingException {
        return writer.writeValueAsBytes(value);
    }

    @Override
    protected Object read(byte[] data, Class<?> type) throws IOException {
        return reader.forType(type).readValue(data);
    }
}
