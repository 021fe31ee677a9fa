package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;

/** Plain JSON, UTF-8. */
final class JsonFormat implements DataFormat {

    @Override
    public JsonFactory factory(StreamReadConstraints constraints) {
        return JsonFactory.builder().streamReadConstraints(constraints).build();
    }
}
