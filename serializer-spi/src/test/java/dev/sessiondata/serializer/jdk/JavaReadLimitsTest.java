package dev.sessiondata.serializer.jdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Declared array lengths and the work of a read are bounded before java.io allocates or hashes. */
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

    @Test
    void hashCollectionsNestedBeyondMaxHashNestingAreRefused() {
        SessionSerializer twoDeep = SessionSerializers.create("java",
                SerializerSettings.builder().maxHashNesting(2).build());
        Set<Object> inner = new HashSet<>(Set.of("a"));
        Map<String, Object> two = new HashMap<>(Map.of("set", inner));
        Map<String, Object> three = new HashMap<>(Map.of("map", two));
        assertThat(twoDeep.deserialize(twoDeep.serialize(two), HashMap.class)).isEqualTo(two);
        assertThatThrownBy(() -> twoDeep.deserialize(twoDeep.serialize(three), HashMap.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("maxHashNesting");
    }

    @Test
    void hashCollectionsSideBySideDoNotAddUp() {
        SessionSerializer oneDeep = SessionSerializers.create("java",
                SerializerSettings.builder().maxHashNesting(1).build());
        List<Object> siblings = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            siblings.add(new HashSet<>(Set.of("element-" + i)));
        }
        assertThat(oneDeep.deserialize(oneDeep.serialize(siblings), ArrayList.class)).isEqualTo(siblings);
    }

    @Test
    void moreCollectionElementsThanMaxCollectionElementsAreRefused() {
        SessionSerializer small = SessionSerializers.create("java",
                SerializerSettings.builder().maxCollectionElements(1_000).build());
        List<Integer> many = new ArrayList<>();
        for (int i = 0; i < 1_001; i++) {
            many.add(i);
        }
        assertThatThrownBy(() -> small.deserialize(small.serialize(many), ArrayList.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("maxCollectionElements");
    }

    @Test
    void moreObjectsThanMaxObjectsAreRefused() {
        SessionSerializer small = SessionSerializers.create("java",
                SerializerSettings.builder().maxObjects(100).build());
        List<Integer> many = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            many.add(1_000 + i);
        }
        assertThatThrownBy(() -> small.deserialize(small.serialize(many), ArrayList.class))
                .isInstanceOf(SerializationException.class);
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
