package dev.sessiondata.serializer.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.KitSettings;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What {@link BoundedBsonParser} adds to bson4jackson: length prefixes are checked against the bytes left before
 * anything is allocated (the test JVM's heap is 1 GB; a 2 GB claim would end it), and only what is written is read.
 */
class Bson4JacksonBoundsTest {

    /** The envelope document, its one field {@code v}'s type byte and name, then the value. */
    private static final int VALUE_OFFSET = 4 + 1 + 2;
    private static final int HUGE = 0x7fff_fff0;

    private final SessionSerializer bson = SessionSerializers.create("bson4jackson", KitSettings.strict());

    @Test
    void aBinaryClaimingTwoGigabytesIsRefusedBeforeItIsAllocated() {
        byte[] data = bson.serialize(new byte[] {1, 2, 3});
        assertThat(data[4]).as("binary element").isEqualTo((byte) 0x05);
        int32(data, VALUE_OFFSET, HUGE);

        assertThatThrownBy(() -> bson.deserialize(data, byte[].class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("binary claims " + HUGE + " bytes");
    }

    @Test
    void aStringClaimingTwoGigabytesIsRefusedBeforeItIsAllocated() {
        byte[] data = bson.serialize("abc");
        assertThat(data[4]).as("string element").isEqualTo((byte) 0x02);
        int32(data, VALUE_OFFSET, HUGE);

        assertThatThrownBy(() -> bson.deserialize(data, String.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("string claims " + HUGE + " bytes");
    }

    @Test
    void aDocumentWhoseLengthIsNotThePayloadsIsRefused() {
        byte[] data = bson.serialize("abc");
        byte[] longer = Arrays.copyOf(data, data.length + 3);

        assertThatThrownBy(() -> bson.deserialize(longer, String.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("document claims");
    }

    @Test
    void anElementTypeThisSerializerNeverWritesIsRefused() {
        // {"v": ObjectId(...)}: bson4jackson would hand an ObjectId to an Object field, past the allow-list
        ByteBuffer document = ByteBuffer.allocate(4 + 1 + 2 + 12 + 1).order(ByteOrder.LITTLE_ENDIAN);
        document.putInt(document.capacity()).put((byte) 0x07).put((byte) 'v').put((byte) 0).put(new byte[12]).put((byte) 0);

        assertThatThrownBy(() -> bson.deserialize(document.array(), Object.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("element type 0x7");
    }

    @Test
    void decimalsKeepTheirScaleAsDecimal128AndReadAsBigDecimal() {
        Map<String, Object> value = Map.of("amount", new BigDecimal("12345678901234567890.1250"));

        assertThat(bson.deserialize(bson.serialize(value), LinkedHashMap.class)).isEqualTo(value);
    }

    @Test
    void aDecimalBeyondDecimal128IsRefusedOnWrite() {
        BigDecimal tooPrecise = new BigDecimal("1." + "1".repeat(40));

        assertThatThrownBy(() -> bson.serialize(Map.of("amount", tooPrecise)))
                .isInstanceOf(SerializationException.class);
    }

    private static void int32(byte[] data, int offset, int value) {
        ByteBuffer.wrap(data, offset, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(value);
    }
}
