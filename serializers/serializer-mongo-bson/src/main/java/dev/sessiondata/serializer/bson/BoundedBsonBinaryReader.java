package dev.sessiondata.serializer.bson;

import java.nio.ByteBuffer;
import org.bson.BsonBinary;
import org.bson.BsonBinaryReader;
import org.bson.BsonSerializationException;

/**
 * A BSON reader that checks a binary's length before allocating for it. The library checks string lengths against
 * the remaining input, but allocates a binary's array first and fills it after, so a corrupt length of two
 * gigabytes would be an {@link OutOfMemoryError}.
 */
final class BoundedBsonBinaryReader extends BsonBinaryReader {

    private final int payloadBytes;
    private final int maxLength;

    BoundedBsonBinaryReader(ByteBuffer payload, int maxLength) {
        super(payload);
        this.payloadBytes = payload.remaining();
        this.maxLength = maxLength;
    }

    @Override
    protected BsonBinary doReadBinaryData() {
        int length = doPeekBinarySize();
        int remaining = payloadBytes - getBsonInput().getPosition();
        if (length > remaining || length > maxLength) {
            throw new BsonSerializationException("a binary of " + length + " bytes exceeds "
                    + (length > maxLength ? "maxArrayLength " + maxLength : "the " + remaining + " bytes left"));
        }
        return super.doReadBinaryData();
    }
}
