package dev.sessiondata.serializer.onenio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.KitFixtures;
import dev.sessiondata.serializer.kit.KitSettings;
import dev.sessiondata.serializer.kit.SessionContextFixture;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The checks {@code GuardedDeserializeStream} adds to one-nio's reader, in both modes. */
class OneNioReadGuardsTest {

    private static SessionSerializer create(String id) {
        return SessionSerializers.create(id, KitSettings.strict());
    }

    @ParameterizedTest
    @ValueSource(strings = {"one-nio", "one-nio-persist"})
    void aLengthBeyondTheRemainingInputIsRefusedBeforeOneNioAllocatesForIt(String id) {
        byte[] data = create(id).serialize(new byte[] {1, 2, 3, 4});
        // a byte[] is its one-byte tag, its length as a big-endian int, then the bytes
        data[1] = 0x7f;

        assertThatThrownBy(() -> create(id).deserialize(data, byte[].class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("claims 2130706436 elements");
    }

    /**
     * Values that hold no other object (strings, boxed primitives, times) are read without counting towards the
     * nesting depth, since they cannot recurse; lists, which can, still count, and a string's length is still checked.
     */
    @ParameterizedTest
    @ValueSource(strings = {"one-nio", "one-nio-persist"})
    void onlyValuesThatHoldOtherObjectsCountTowardsTheNestingDepth(String id) {
        SessionSerializer twoDeep = SessionSerializers.create(id, KitSettings.strict().toBuilder().maxDepth(2).build());
        List<Object> leaves = new ArrayList<>(List.of("a string", 42L, Instant.ofEpochSecond(1), true));
        List<Object> twoLists = new ArrayList<>(List.of(leaves));
        List<Object> threeLists = new ArrayList<>(List.of(twoLists));

        assertThat(twoDeep.deserialize(twoDeep.serialize(twoLists), ArrayList.class)).isEqualTo(twoLists);
        assertThatThrownBy(() -> twoDeep.deserialize(twoDeep.serialize(threeLists), ArrayList.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("nesting deeper than maxDepth 2");

        SessionSerializer shortStrings = SessionSerializers.create(id,
                KitSettings.strict().toBuilder().maxArrayLength(8).build());
        byte[] longString = shortStrings.serialize(new ArrayList<>(List.of("longer than eight bytes")));
        assertThatThrownBy(() -> shortStrings.deserialize(longString, ArrayList.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("exceeds maxArrayLength 8");
    }

    @ParameterizedTest
    @ValueSource(strings = {"one-nio", "one-nio-persist"})
    void aOneNioBuiltInSerializerOfAClassOutsideTheAllowListIsRefused(String id) {
        ConcurrentHashMap<String, String> map = new ConcurrentHashMap<>();
        map.put("a", "b");
        byte[] mapData = create(id).serialize(map);
        byte[] classData = create(id).serialize(String.class);

        assertThatThrownBy(() -> create(id).deserialize(mapData, Object.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("java.util.concurrent.ConcurrentHashMap is not allowed");
        assertThatThrownBy(() -> create(id).deserialize(classData, Object.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("java.lang.Class is not allowed");
    }

    @Test
    void compactModeRefusesInlineDescriptors() {
        byte[] persisted = create("one-nio-persist").serialize(KitFixtures.sessionContext());

        assertThatThrownBy(() -> create("one-nio").deserialize(persisted, SessionContextFixture.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("inline class descriptor in compact-mode data");
    }

    @ParameterizedTest
    @ValueSource(strings = {"one-nio", "one-nio-persist"})
    void bigNumbersRoundTripWithTheirScale(String id) {
        List<Object> numbers = new ArrayList<>(List.of(BigDecimal.ZERO, new BigDecimal("-0.00100"),
                new BigDecimal("1E+20"), new BigDecimal("12345678901234567890.1250"),
                BigInteger.ONE.shiftLeft(200).negate(), BigInteger.ZERO));

        @SuppressWarnings("unchecked")
        List<Object> read = create(id).deserialize(create(id).serialize(numbers), ArrayList.class);

        assertThat(read).containsExactlyElementsOf(numbers);
        assertThat(((BigDecimal) read.get(1)).scale()).isEqualTo(5);
    }

    @Test
    void aRegisteredClassOneNioCannotWriteFailsAtCreation() {
        SerializerSettings settings = SerializerSettings.builder().registerClasses(Thread.class).build();

        assertThatThrownBy(() -> SessionSerializers.create("one-nio", settings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Thread");
    }
}
