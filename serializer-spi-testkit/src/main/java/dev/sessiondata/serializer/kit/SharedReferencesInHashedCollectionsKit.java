package dev.sessiondata.serializer.kit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A back-reference inside a hash-based collection is charged what hashing it walks, so the list-based SerialDOS
 * shape (one hash set, lists repeating a shared list) is refused, where the library shows us back-references.
 * java and fory do not, and the Jackson and BSON ids write shared references as copies: see the manual's work
 * bounds (concepts.adoc, "Work bounds (SerialDOS)").
 *
 * <p>Run for every id of {@link #COUNTING_BACK_REFERENCES} on the test class path: a module providing one declares
 * {@code class MySharedReferencesInHashedCollectionsTest extends SharedReferencesInHashedCollectionsKit {}}.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.sessiondata.serializer.kit.SharedReferencesInHashedCollectionsKit#idsUnderTest")
public abstract class SharedReferencesInHashedCollectionsKit {

    /** The ids whose reads count back-references through our hooks. */
    private static final List<String> COUNTING_BACK_REFERENCES = List.of(KnownSerializers.KRYO,
            KnownSerializers.KRYO_UNSAFE, KnownSerializers.FST, KnownSerializers.FST_UNSAFE, KnownSerializers.HESSIAN,
            KnownSerializers.ONE_NIO, KnownSerializers.ONE_NIO_PERSIST);

    /** The id of the serializer under test in this invocation of the class. */
    @Parameter
    private String id;

    /** The ids of {@link #COUNTING_BACK_REFERENCES} that are on the class path. */
    public static List<String> idsUnderTest() {
        return SessionSerializers.available().stream().filter(COUNTING_BACK_REFERENCES::contains).toList();
    }

    @Test
    void listsRepeatingASharedListInsideAHashSetAreRefused() {
        SessionSerializer serializer = SessionSerializers.create(id, KitSettings.strict());
        byte[] data = serializer.serialize(HostileGraphs.sharedListsInAHashSet(40));

        assertThatThrownBy(() -> serializer.deserialize(data, Object.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("maxCollectionElements");
    }

    @Test
    void aListSharedByTwoMapValuesStillReads() {
        SessionSerializer serializer = SessionSerializers.create(id, KitSettings.strict());
        List<String> shared = new ArrayList<>(List.of("a", "b", "c"));
        Map<String, Object> attributes = new HashMap<>(Map.of("cart", shared, "lastCart", shared));

        @SuppressWarnings("unchecked")
        Map<String, Object> read = serializer.deserialize(serializer.serialize(attributes), HashMap.class);

        assertThat(read).isEqualTo(attributes);
        assertThat(read.get("cart")).isSameAs(read.get("lastCart"));
    }
}
