package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.smile.SmileGenerator;

/**
 * Smile, Jackson's binary JSON. Binary is written raw rather than 7-bit encoded: the bytes go to a store, not through
 * a 7-bit channel, and raw keeps a 1 MB {@code byte[]} at 1 MB instead of 1.14 MB.
 */
final class SmileFormat implements DataFormat {

    @Override
    public JsonFactory factory(StreamReadConstraints constraints) {
        return SmileFactory.builder()
                .disable(SmileGenerator.Feature.ENCODE_BINARY_AS_7BIT)
                .streamReadConstraints(constraints)
                .build();
    }
}
