package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import de.undercouch.bson4jackson.BsonGenerator;

/**
 * BSON through bson4jackson, read by {@link BoundedBsonParser}. Decimals are written as Decimal128, because
 * bson4jackson's default turns a {@code BigDecimal} (and with it an {@code Instant}'s nanoseconds) into a double.
 */
final class BsonFormat implements DataFormat {

    /** The field of the envelope document: a BSON payload must be a document at top level. */
    static final String ENVELOPE_FIELD = "v";

    @Override
    public JsonFactory factory(StreamReadConstraints constraints) {
        BoundedBsonFactory factory = new BoundedBsonFactory();
        factory.enable(BsonGenerator.Feature.WRITE_BIGDECIMALS_AS_DECIMAL128);
        factory.setStreamReadConstraints(constraints);
        return factory;
    }

    @Override
    public String envelopeField() {
        return ENVELOPE_FIELD;
    }
}
