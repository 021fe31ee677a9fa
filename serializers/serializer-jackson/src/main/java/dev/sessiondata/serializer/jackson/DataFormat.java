package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import org.jspecify.annotations.Nullable;

/**
 * What differs between Jackson's data formats (JSON, Smile, BSON): the stream factory, and whether a value needs an
 * envelope object. Not a variant: a {@link JacksonVariant} is a data format, typed or not.
 *
 * <p>Each format is its own class so that loading one never loads another format's library.
 */
interface DataFormat {

    /** A new factory for this format whose parsers honour {@code constraints}. */
    JsonFactory factory(StreamReadConstraints constraints);

    /**
     * The name of the one field of the object every value is wrapped in, or null when the format can hold any value
     * at top level. BSON can only hold a document there, so a top-level {@code byte[]} or string needs the envelope.
     */
    default @Nullable String envelopeField() {
        return null;
    }
}
