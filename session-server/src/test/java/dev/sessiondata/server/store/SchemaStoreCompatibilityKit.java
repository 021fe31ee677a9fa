package dev.sessiondata.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ClassDescriptor;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link SchemaStore} must do; a store's test extends this and says how to make a fresh, empty one. */
public abstract class SchemaStoreCompatibilityKit {

    /** Records are keyed by any serializer id; which one does not matter to the store. */
    private static final String SERIALIZER_ID = "java";

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

        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(a, b))).isEqualTo(DescriptorWriteResult.stored(2));

        assertThat(store.descriptor(SERIALIZER_ID, 1L)).contains(a);
        assertThat(store.descriptor(SERIALIZER_ID, -7L)).contains(b);
        assertThat(store.descriptor(SERIALIZER_ID, 2L)).isEmpty();
        assertThat(store.descriptors(SERIALIZER_ID)).containsExactlyInAnyOrder(a, b);
    }

    @Test
    void uploadingTheSameDescriptorAgainIsANoOp() {
        ClassDescriptor a = new ClassDescriptor(1L, new byte[] {1, 2, 3});
        store.putDescriptors(SERIALIZER_ID, List.of(a));

        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(a))).isEqualTo(DescriptorWriteResult.stored(0));
        assertThat(store.descriptors(SERIALIZER_ID)).containsExactly(a);
    }

    @Test
    void aUidHeldWithOtherBytesRefusesTheWholeBatch() {
        ClassDescriptor a = new ClassDescriptor(1L, new byte[] {1, 2, 3});
        store.putDescriptors(SERIALIZER_ID, List.of(a));
        ClassDescriptor changed = new ClassDescriptor(1L, new byte[] {9});
        ClassDescriptor fresh = new ClassDescriptor(2L, new byte[] {4});

        DescriptorWriteResult result = store.putDescriptors(SERIALIZER_ID, List.of(fresh, changed));

        assertThat(result.conflicts()).containsExactly(1L);
        assertThat(store.descriptor(SERIALIZER_ID, 1L)).contains(a);
        assertThat(store.descriptor(SERIALIZER_ID, 2L)).isEmpty();
    }

    @Test
    void anEmptyDescriptorBatchStoresNothing() {
        assertThat(store.putDescriptors(SERIALIZER_ID, List.of())).isEqualTo(DescriptorWriteResult.stored(0));
        assertThat(store.descriptors(SERIALIZER_ID)).isEmpty();
    }

    @Test
    void eachSerializerHasDescriptorsOfItsOwn() {
        ClassDescriptor a = new ClassDescriptor(1L, new byte[] {1, 2, 3});
        ClassDescriptor sameUidOtherBytes = new ClassDescriptor(1L, new byte[] {9});

        assertThat(store.putDescriptors(SERIALIZER_ID, List.of(a))).isEqualTo(DescriptorWriteResult.stored(1));
        assertThat(store.putDescriptors("fory", List.of(sameUidOtherBytes))).isEqualTo(DescriptorWriteResult.stored(1));

        assertThat(store.descriptor(SERIALIZER_ID, 1L)).contains(a);
        assertThat(store.descriptor("fory", 1L)).contains(sameUidOtherBytes);
        assertThat(store.descriptors("kryo")).isEmpty();
    }
}
