package dev.sessiondata.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ClassDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link SchemaStore} must do; a store's test extends this and says how to make a fresh, empty one. */
public abstract class SchemaStoreCompatibilityKit {

    /** Records are keyed by any serializer id; which one does not matter to the store. */
    private static final String SERIALIZER_ID = "java";

    private static final long UNBOUNDED = Long.MAX_VALUE;

    private SchemaStore store;

    /** A store with no descriptors. */
    protected abstract SchemaStore createStore();

    @BeforeEach
    void freshStore() {
        store = createStore();
    }

    @Test
    void newDescriptorsAreStoredAndReadBack() {
        ClassDescriptor a = new ClassDescriptor(1L, new byte[] {1, 2, 3});
        ClassDescriptor b = new ClassDescriptor(-7L, new byte[] {4, 5});

        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(a, b), UNBOUNDED)).isEqualTo(DescriptorWriteResult.stored(2));

        assertThat(store.descriptor(SERIALIZER_ID, 1L)).contains(a);
        assertThat(store.descriptor(SERIALIZER_ID, -7L)).contains(b);
        assertThat(store.descriptor(SERIALIZER_ID, 2L)).isEmpty();
        assertThat(store.descriptors(SERIALIZER_ID, OptionalLong.empty(), 100)).containsExactlyInAnyOrder(a, b);
    }

    @Test
    void uploadingTheSameDescriptorAgainIsANoOp() {
        ClassDescriptor a = new ClassDescriptor(1L, new byte[] {1, 2, 3});
        store.putDescriptors(SERIALIZER_ID, List.of(a), UNBOUNDED);

        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(a), UNBOUNDED)).isEqualTo(DescriptorWriteResult.stored(0));
        assertThat(store.descriptors(SERIALIZER_ID, OptionalLong.empty(), 100)).containsExactly(a);
    }

    @Test
    void aUidHeldWithOtherBytesRefusesTheWholeBatch() {
        ClassDescriptor a = new ClassDescriptor(1L, new byte[] {1, 2, 3});
        store.putDescriptors(SERIALIZER_ID, List.of(a), UNBOUNDED);
        ClassDescriptor changed = new ClassDescriptor(1L, new byte[] {9});
        ClassDescriptor fresh = new ClassDescriptor(2L, new byte[] {4});

        DescriptorWriteResult result = store.putDescriptors(SERIALIZER_ID, List.of(fresh, changed), UNBOUNDED);

        assertThat(result.conflicts()).containsExactly(1L);
        assertThat(store.descriptor(SERIALIZER_ID, 1L)).contains(a);
        assertThat(store.descriptor(SERIALIZER_ID, 2L)).isEmpty();
    }

    @Test
    void anEmptyDescriptorBatchStoresNothing() {
        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(), UNBOUNDED)).isEqualTo(DescriptorWriteResult.stored(0));
        assertThat(store.descriptors(SERIALIZER_ID, OptionalLong.empty(), 100)).isEmpty();
    }

    @Test
    void eachSerializerHasDescriptorsOfItsOwn() {
        ClassDescriptor a = new ClassDescriptor(1L, new byte[] {1, 2, 3});
        ClassDescriptor sameUidOtherBytes = new ClassDescriptor(1L, new byte[] {9});

        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(a), UNBOUNDED)).isEqualTo(DescriptorWriteResult.stored(1));
        assertThat(store.putDescriptors("fory", List.of(sameUidOtherBytes), UNBOUNDED)).isEqualTo(DescriptorWriteResult.stored(1));

        assertThat(store.descriptor(SERIALIZER_ID, 1L)).contains(a);
        assertThat(store.descriptor("fory", 1L)).contains(sameUidOtherBytes);
        assertThat(store.descriptors("kryo", OptionalLong.empty(), 100)).isEmpty();
    }

    @Test
    void aBatchThatWouldPassTheTotalBoundStoresNothing() {
        ClassDescriptor a = new ClassDescriptor(1L, new byte[6]);
        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(a), 10)).isEqualTo(DescriptorWriteResult.stored(1));
        ClassDescriptor b = new ClassDescriptor(2L, new byte[3]);
        ClassDescriptor c = new ClassDescriptor(3L, new byte[2]);

        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(b, c), 10).full()).isTrue();

        assertThat(store.descriptor(SERIALIZER_ID, 2L)).isEmpty();
        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(a, b), 10)).isEqualTo(DescriptorWriteResult.stored(1));
        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(c), 10).full()).isTrue();
    }

    @Test
    void knownDescriptorsDoNotCountAgainstTheBoundTwice() {
        ClassDescriptor a = new ClassDescriptor(1L, new byte[8]);
        store.putDescriptors(SERIALIZER_ID, List.of(a), 10);

        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(a, a), 10)).isEqualTo(DescriptorWriteResult.stored(0));
    }

    @Test
    void descriptorsArePagedInUnsignedUidOrder() {
        List<ClassDescriptor> all = new ArrayList<>();
        for (long uid : new long[] {5L, -1L, 0L, Long.MAX_VALUE, 7L}) {
            all.add(new ClassDescriptor(uid, new byte[] {(byte) uid}));
        }
        store.putDescriptors(SERIALIZER_ID, all, UNBOUNDED);

        List<ClassDescriptor> first = store.descriptors(SERIALIZER_ID, OptionalLong.empty(), 2);
        List<ClassDescriptor> second = store.descriptors(SERIALIZER_ID, OptionalLong.of(5L), 2);
        List<ClassDescriptor> last = store.descriptors(SERIALIZER_ID, OptionalLong.of(Long.MAX_VALUE), 2);

        assertThat(first).extracting(ClassDescriptor::uid).containsExactly(0L, 5L);
        assertThat(second).extracting(ClassDescriptor::uid).containsExactly(7L, Long.MAX_VALUE);
        assertThat(last).extracting(ClassDescriptor::uid).containsExactly(-1L);
        assertThat(store.descriptors(SERIALIZER_ID, OptionalLong.of(-1L), 2)).isEmpty();
        assertThat(last.get(0)).isEqualTo(all.get(1));
    }
}
