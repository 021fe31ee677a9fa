package dev.sessiondata.serializer.jackson;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.IOContext;
import de.undercouch.bson4jackson.BsonConstants;
import de.undercouch.bson4jackson.BsonParser;
import de.undercouch.bson4jackson.io.UnsafeByteArrayInputStream;
import de.undercouch.bson4jackson.types.Decimal128;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * bson4jackson's parser with the bounds it lacks, for a payload held in a byte array.
 *
 * <p>bson4jackson trusts the payload: it allocates a {@code byte[]} of whatever length a binary element claims and a
 * char buffer of whatever length a string claims, and it neither counts nesting nor applies Jackson's
 * {@link com.fasterxml.jackson.core.StreamReadConstraints}. Here every length prefix is checked against the bytes
 * left before bson4jackson reads it, strings against the maximum string length, documents against the maximum
 * nesting depth, and the top-level document's length against the payload's. Only the element types this serializer
 * writes are read: an ObjectId, regex, JavaScript or timestamp would otherwise reach an {@code Object} field as a
 * library object the allow-list never saw. Decimal128 values read as {@code BigDecimal} numbers.
 */
final class BoundedBsonParser extends BsonParser {

    private static final int INT32_BYTES = 4;
    /** A document's smallest encoding: its length and its terminating zero. */
    private static final int MIN_DOCUMENT_BYTES = INT32_BYTES + 1;

    private final byte[] data;
    private final int start;
    private final int end;
    private int depth;

    BoundedBsonParser(IOContext ctxt, int jsonFeatures, int bsonFeatures, byte[] data, int offset, int length) {
        super(ctxt, jsonFeatures, bsonFeatures, new UnsafeByteArrayInputStream(data, offset, length));
        this.data = data;
        this.start = offset;
        this.end = offset + length;
    }

    @Override
    public JsonToken nextToken() throws IOException {
        JsonToken token = super.nextToken();
        if (token == null && remaining() > 0) {
            throw new JsonParseException(this, remaining() + " bytes follow the BSON document");
        }
        if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
            depth--;
        } else if (token == JsonToken.VALUE_EMBEDDED_OBJECT) {
            Object value = getEmbeddedObject();
            if (value instanceof Decimal128) {
                _currToken = JsonToken.VALUE_NUMBER_FLOAT;
                return _currToken;
            }
            if (!(value instanceof byte[])) {
                throw new JsonParseException(this, "BSON element type 0x"
                        + Integer.toHexString(getCurrentBsonType() & 0xff) + " is not read by this serializer");
            }
        }
        return token;
    }

    @Override
    protected JsonToken handleNewDocument(boolean array) throws IOException {
        streamReadConstraints().validateNestingDepth(++depth);
        int length = int32At(0);
        if (depth == 1 ? length != end - start : length < MIN_DOCUMENT_BYTES || length > remaining()) {
            throw new JsonParseException(this, "BSON document claims " + length + " bytes; " + remaining() + " are left");
        }
        return super.handleNewDocument(array);
    }

    @Override
    protected String readString() throws IOException {
        int length = int32At(0);
        if (length > remaining() - INT32_BYTES) {
            throw new JsonParseException(this, "BSON string claims " + length + " bytes; " + remaining() + " are left");
        }
        streamReadConstraints().validateStringLength(length - 1); // BSON counts the string's terminating NUL
        return super.readString();
    }

    @Override
    protected JsonToken handleBinary() throws IOException {
        int length = int32At(0);
        if (length < 0 || length > remaining() - INT32_BYTES - 1) {
            throw new JsonParseException(this, "BSON binary claims " + length + " bytes; " + remaining() + " are left");
        }
        if (data[position() + INT32_BYTES] == BsonConstants.SUBTYPE_BINARY_OLD) {
            int inner = int32At(INT32_BYTES + 1);
            if (inner < 0 || inner > length - INT32_BYTES) {
                throw new JsonParseException(this, "BSON binary claims " + inner + " of its " + length + " bytes");
            }
        }
        return super.handleBinary();
    }

    @Override
    public Number getNumberValue() throws IOException {
        Number number = super.getNumberValue();
        return number instanceof Decimal128 decimal ? decimal.bigDecimalValue() : number;
    }

    @Override
    public BigDecimal getDecimalValue() throws IOException {
        Number number = getNumberValue();
        return number instanceof BigDecimal decimal ? decimal : super.getDecimalValue();
    }

    @Override
    public NumberType getNumberType() {
        return getEmbeddedObject() instanceof Decimal128 ? NumberType.BIG_DECIMAL : super.getNumberType();
    }

    @Override
    public NumberTypeFP getNumberTypeFP() {
        if (_currToken != JsonToken.VALUE_NUMBER_FLOAT) {
            return NumberTypeFP.UNKNOWN;
        }
        return getEmbeddedObject() instanceof Decimal128 ? NumberTypeFP.BIG_DECIMAL : NumberTypeFP.DOUBLE64;
    }

    private int position() {
        return start + _counter.getPosition();
    }

    private int remaining() {
        return end - position();
    }

    /** The little-endian int32 {@code ahead} bytes past the read position, read without consuming it. */
    private int int32At(int ahead) throws JsonParseException {
        int at = position() + ahead;
        if (at + INT32_BYTES > end) {
            throw new JsonParseException(this, "BSON payload ends inside a length");
        }
        return (data[at] & 0xff) | (data[at + 1] & 0xff) << 8 | (data[at + 2] & 0xff) << 16 | data[at + 3] << 24;
    }
}
