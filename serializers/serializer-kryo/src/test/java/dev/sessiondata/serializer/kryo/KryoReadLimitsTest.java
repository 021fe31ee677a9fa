package dev.sessiondata.serializer.kryo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Output;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Corrupt lengths and nesting are refused before Kryo allocates by them. */
class KryoReadLimitsTest {

    private static final int BYTE_ARRAY_ID = 20 + 2; // Kryo writes a registered id as id + 2
    private static final int ARRAY_LIST_ID = 40 + 2;
    private static final int NEW_OBJECT = 1; // Kryo's reference marker for an object not seen before

    /** Both, but not kryo-unsafe where this JVM denies Unsafe memory access. */
    static Stream<KryoVariant> availableVariants() {
        return Arrays.stream(KryoVariant.values())
                .filter(variant -> SessionSerializers.available().contains(variant.id()));
    }

    private static SessionSerializer serializer(KryoVariant variant, SerializerSettings settings) {
        return SessionSerializers.create(variant.id(), settings);
    }

    @ParameterizedTest
    @MethodSource("availableVariants")
    void aByteArrayClaimingTwoGigabytesIsRefusedBeforeAllocating(KryoVariant variant) {
        SessionSerializer serializer = serializer(variant, SerializerSettings.defaults());
        assertThat(serializer.serialize(new byte[] {7, 8, 9}))
                .as("the layout this test forges").containsExactly(BYTE_ARRAY_ID, NEW_OBJECT, 4, 7, 8, 9);

        byte[] forged = payload(out -> out.writeVarInt(Integer.MAX_VALUE, true), 7, 8, 9);

        assertThatThrownBy(() -> serializer.deserialize(forged, byte[].class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("declared length");
    }

    @ParameterizedTest
    @MethodSource("availableVariants")
    void aListClaimingMoreElementsThanMaxArrayLengthIsRefused(KryoVariant variant) {
        SessionSerializer serializer = serializer(variant, SerializerSettings.builder().maxArrayLength(1000).build());
        assertThat(serializer.serialize(new ArrayList<>()))
                .as("the layout this test forges").containsExactly(ARRAY_LIST_ID, NEW_OBJECT, 1);

        byte[] forged = payload(out -> out.writeVarIntFlag(false, Integer.MAX_VALUE, true));
        forged[0] = ARRAY_LIST_ID;

        assertThatThrownBy(() -> serializer.deserialize(forged, ArrayList.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("maxArrayLength");
    }

    @ParameterizedTest
    @MethodSource("availableVariants")
    void aStringDeclaringMoreCharactersThanUnreadBytesIsRefused(KryoVariant variant) {
        Output output = new Output(16);
        output.writeVarIntFlag(true, 1_000_000 + 1, true); // a UTF-8 string of a million chars...
        output.writeBytes(new byte[] {'a', 'b', 'c'}); // ...that has three
        ReadLimits limits = new ReadLimits(Integer.MAX_VALUE);

        assertThatThrownBy(() -> KryoBuffers.input(variant, output.toBytes(), limits).readString())
                .isInstanceOf(KryoException.class).hasMessageContaining("exceeds the 3 unread bytes");
    }

    @ParameterizedTest
    @MethodSource("availableVariants")
    void aShortStringDeclaringMoreCharactersThanUnreadBytesIsRefused(KryoVariant variant) {
        Output output = new Output(16);
        output.writeVarIntFlag(true, 60 + 1, true); // a length that fits in the flag byte itself...
        output.writeBytes(new byte[] {'a', 'b', 'c'}); // ...of a string that has three bytes
        ReadLimits limits = new ReadLimits(Integer.MAX_VALUE);

        assertThatThrownBy(() -> KryoBuffers.input(variant, output.toBytes(), limits).readString())
                .isInstanceOf(KryoException.class).hasMessageContaining("declared length 60 exceeds the 3 unread");
    }

    @ParameterizedTest
    @MethodSource("availableVariants")
    void aShortStringLongerThanMaxArrayLengthIsRefused(KryoVariant variant) {
        Output output = new Output(16);
        output.writeString("\u00e9t\u00e9"); // UTF-8, so its length is declared up front
        ReadLimits limits = new ReadLimits(2);

        assertThatThrownBy(() -> KryoBuffers.input(variant, output.toBytes(), limits).readString())
                .isInstanceOf(KryoException.class).hasMessageContaining("maxArrayLength");
        assertThat(KryoBuffers.input(variant, output.toBytes(), new ReadLimits(3)).readString())
                .isEqualTo("\u00e9t\u00e9");
    }

    /** A byte[] payload whose length prefix {@code length} writes, followed by {@code elements}. */
    private static byte[] payload(java.util.function.Consumer<Output> length, int... elements) {
        Output output = new Output(32);
        output.writeVarInt(BYTE_ARRAY_ID, true);
        output.writeVarInt(NEW_OBJECT, true);
        length.accept(output);
        for (int element : elements) {
            output.writeByte(element);
        }
        return output.toBytes();
    }
}
