package dev.sessiondata.serializer.fory;

import java.time.Instant;
import org.apache.fory.config.Config;
import org.apache.fory.context.ReadContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.serializer.TimeSerializers;

/**
 * {@code fory-shared}'s {@link Instant}: the epoch second as a variable-length integer (5 bytes for today's dates,
 * where Fory writes 8) and the nanoseconds as Fory writes them (4 bytes, which a variable-length integer of a
 * random nanosecond would exceed). Sessions are full of timestamps: two per workflow step and event of the race's
 * workload, whose 1 MB payload this makes 13 KB (1.3 %) smaller.
 */
final class CompactInstantSerializer extends TimeSerializers.ImmutableTimeSerializer<Instant> {

    CompactInstantSerializer(Config config) {
        super(config, Instant.class);
    }

    @Override
    public void write(WriteContext context, Instant value) {
        MemoryBuffer buffer = context.getBuffer();
        buffer.writeVarInt64(value.getEpochSecond());
        buffer.writeInt32(value.getNano());
    }

    @Override
    public Instant read(ReadContext context) {
        MemoryBuffer buffer = context.getBuffer();
        long seconds = buffer.readVarInt64();
        int nanos = buffer.readInt32();
        return Instant.ofEpochSecond(seconds, nanos);
    }
}
