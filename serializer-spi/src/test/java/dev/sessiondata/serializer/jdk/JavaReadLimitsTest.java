package dev.sessiondata.serializer.jdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Declared array lengths are bounded before java.io allocates (the settings' counts and nesting: the kit). */
class JavaReadLimitsTest {

    private final SessionSerializer serializer = SessionSerializers.create("java", SerializerSettings.defaults());

    @Test
    void aLongArrayClaimingMoreThanTheBytesLeftIsRefusedWithoutAllocating() {
        byte[] payload = serializer.serialize(new long[] {42});
        assertThat(payload).as("java.io's layout: 27 bytes of header, then one long").hasSize(35);
        ByteBuffer.wrap(payload).putInt(23, 16_777_216); // the length, within maxArrayLength (16 Mi by default)

        long before = allocatedBytes();
        assertThatThrownBy(() -> serializer.deserialize(payload, long[].class))
                .isInstanceOf(SerializationException.class);
        assertThat(allocatedBytes() - before).as("bytes allocated by the refused read").isLessThan(1 << 20);
    }

    @Test
    void anArrayThatFitsTheBytesLeftStillReads() {
        long[] values = new long[100_000];
        values[99_999] = 7;
        assertThat(serializer.deserialize(serializer.serialize(values), long[].class)).isEqualTo(values);
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
