package dev.sessiondata.server.store.redis;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The answer of an {@code HMGET} whose first field is copied only when it is at most a ceiling: a longer one is kept
 * as its length. Lettuce hands a bulk string to its output once the whole of it has arrived in the connection's
 * buffer, and the output makes the copy the caller keeps; declining that copy is what bounds the bytes a read holds
 * by what the caller reserved, without asking Redis the length first in a script (through which the body would pass,
 * at a cost to Redis per byte). What a refused value costs is its one pass through the connection's buffer.
 */
final class BoundedFieldsOutput extends CommandOutput<byte[], byte[], BoundedFieldsOutput.Fields> {

    /** The fields in the order asked; the first is null when absent or longer than the ceiling. */
    record Fields(List<byte @Nullable []> values, long refusedLength) {

        /** Whether the first field was there and longer than the ceiling: {@link #refusedLength} is its length. */
        boolean refused() {
            return refusedLength >= 0;
        }
    }

    private final long ceiling;
    private final List<byte @Nullable []> values;
    private long refusedLength = -1;

    BoundedFieldsOutput(int fields, long ceiling) {
        super(ByteArrayCodec.INSTANCE, null);
        this.ceiling = ceiling;
        this.values = new ArrayList<>(fields);
    }

    @Override
    public void set(@Nullable ByteBuffer bytes) {
        if (bytes == null) {
            values.add(null);
        } else if (values.isEmpty() && bytes.remaining() > ceiling) {
            refusedLength = bytes.remaining();
            values.add(null);
        } else {
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            values.add(copy);
        }
    }

    @Override
    public void multi(int count) {
        // the fields were sized when the command was made
    }

    @Override
    public Fields get() {
        return new Fields(values, refusedLength);
    }
}
