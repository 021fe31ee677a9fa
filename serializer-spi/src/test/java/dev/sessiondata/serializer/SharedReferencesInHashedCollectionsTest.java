package dev.sessiondata.serializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.kit.HostileGraphs;
import dev.sessiondata.serializer.kit.KitSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A back-reference inside a hash-based collection is charged what hashing it walks, so the list-based SerialDOS
 * shape (one hash set, lists repeating a shared list) is refused, where the library shows us back-references.
 * java and fory do not: see the README's work bounds.
 */
class SharedReferencesInHashedCollectionsTest {

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "kryo-unsafe", "fst", "fst-unsafe", "hessian", "one-nio", "one-nio-persist"})
    void listsRepeatingASharedListInsideAHashSetAreRefused(String id) {
        SessionSerializer serializer = SessionSerializers.create(id, KitSettings.strict());
        byte[] data = serializer.serialize(HostileGraphs.sharedListsInAHashSet(40));

        assertThatThrownBy(() -> serializer.deserialize(data, Object.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("maxCollectionElements");
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "kryo-unsafe", "fst", "fst-unsafe", "hessian", "one-nio", "one-nio-persist"})
    void aListSharedByTwoMapValuesStillReads(String id) {
        SessionSerializer serializer = SessionSerializers.create(id, KitSettings.strict());
        List<String> shared = new ArrayList<>(List.of("a", "b", "c"));
        Map<String, Object> attributes = new HashMap<>(Map.of("cart", shared, "lastCart", shared));

        @SuppressWarnings("unchecked")
        Map<String, Object> read = serializer.deserialize(serializer.serialize(attributes), HashMap.class);

        assertThat(read).isEqualTo(attributes);
        assertThat(read.get("cart")).isSameAs(read.get("lastCart"));
    }
}
