package dev.sessiondata.serializer.bson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.IntruderProbe;
import dev.sessiondata.serializer.kit.KitSettings;
import dev.sessiondata.serializer.kit.SessionContextFixture;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;

class MongoBsonCodecsTest {

    private final SessionSerializer serializer = SessionSerializers.create("mongo-bson",
            SerializerSettings.builder().allowPackages("dev.sessiondata.serializer.bson").maxDepth(8).build());

    @Test
    void javaTimeValuesKeepEveryDigitAndTheirZone() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("instant", Instant.parse("-1000000-01-01T00:00:00.000000001Z"));
        values.put("zoned", ZonedDateTime.of(2026, 10, 25, 2, 30, 0, 5, ZoneId.of("Europe/Zurich"))
                .withLaterOffsetAtOverlap());
        values.put("offset", OffsetDateTime.of(2026, 3, 29, 2, 30, 0, 1, ZoneOffset.ofHoursMinutes(5, 45)));
        values.put("time", LocalTime.of(23, 59, 59, 999_999_999));
        values.put("duration", Duration.ofSeconds(-5, 7));
        values.put("period", Period.of(1, -2, 3));
        values.put("year", Year.of(12_345));
        values.put("monthDay", MonthDay.of(2, 29));
        values.put("zone", ZoneId.of("America/Argentina/Buenos_Aires"));
        values.put("big", new BigInteger("-123456789012345678901234567890123456789012345678901234567890"));
        values.put("uuid", UUID.fromString("3f2504e0-4f89-11d3-9a0c-0305e82c3301"));

        for (Map.Entry<String, Object> value : values.entrySet()) {
            Object read = serializer.deserialize(serializer.serialize(value.getValue()), value.getValue().getClass());
            assertThat(read).as(value.getKey()).isEqualTo(value.getValue());
        }
    }

    @Test
    void declaredContainersKeepTheirOrderAndTypes() {
        Holder holder = new Holder();
        holder.setOrdered(new LinkedHashSet<>(List.of("zeta", "alpha", "mu")));
        holder.setSorted(new TreeMap<>(Map.of("b", 2L, "a", 1L)));
        holder.setNumbers(new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE});
        holder.setNames(new String[] {"x", null, "y"});
        Map<String, Object> any = new LinkedHashMap<>();
        any.put("z", List.of(1, "two", Map.of("three", 3L)));
        any.put("a", null);
        holder.setAny(any);

        Holder read = serializer.deserialize(serializer.serialize(holder), Holder.class);

        assertThat(read.getOrdered()).isInstanceOf(LinkedHashSet.class).containsExactly("zeta", "alpha", "mu");
        assertThat(read.getSorted()).isInstanceOf(TreeMap.class).containsExactlyEntriesOf(holder.getSorted());
        assertThat(read.getNumbers()).containsExactly(holder.getNumbers());
        assertThat(read.getNames()).containsExactly("x", null, "y");
        assertThat(read.getAny()).isInstanceOf(LinkedHashMap.class).isEqualTo(any);
        assertThat(List.<Object>copyOf(((Map<?, ?>) read.getAny()).keySet())).containsExactly("z", "a");
    }

    @Test
    void aDiscriminatorInThePayloadIsNeverResolved() {
        int initializations = IntruderProbe.staticInitializations();
        int constructions = IntruderProbe.constructions();
        BsonDocument extra = new BsonDocument("_t", new BsonString("dev.sessiondata.forbidden.Intruder"))
                .append("command", new BsonString("rm -rf /"));
        byte[] payload = bson(new BsonDocument("v", new BsonDocument("userId", new BsonString("u"))
                .append("extra", extra)));

        SessionContextFixture read = SessionSerializers.create("mongo-bson", KitSettings.strict())
                .deserialize(payload, SessionContextFixture.class);

        assertThat(read.getExtra()).isEqualTo(Map.of("_t", "dev.sessiondata.forbidden.Intruder", "command", "rm -rf /"));
        assertThat(IntruderProbe.staticInitializations()).isEqualTo(initializations);
        assertThat(IntruderProbe.constructions()).isEqualTo(constructions);
    }

    @Test
    void aPropertyOfAClassOutsideTheAllowListIsRefused() {
        Holder holder = new Holder();
        holder.setAny("x");
        byte[] payload = serializer.serialize(holder);
        SessionSerializer strict = SessionSerializers.create("mongo-bson", KitSettings.strict().toBuilder()
                .allowClasses(Holder.class).build());

        assertThatThrownBy(() -> strict.deserialize(payload, Holder.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining(Holder.Nested.class.getName() + " is not allowed");
    }

    @Test
    void aBinaryLengthBeyondThePayloadIsRefusedBeforeAllocating() {
        byte[] payload = serializer.serialize(new byte[] {1, 2, 3});
        // {"v": binary}: int32 document size, type 0x05, "v\0", then the binary's int32 length
        ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN).putInt(7, Integer.MAX_VALUE);

        assertThatThrownBy(() -> serializer.deserialize(payload, byte[].class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("a binary of 2147483647 bytes");
    }

    private static byte[] bson(BsonDocument document) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            new BsonDocumentCodec().encode(writer, document, EncoderContext.builder().build());
        }
        return buffer.toByteArray();
    }

    /** A POJO with the containers the library's own codecs would lose, and a property of another class. */
    public static class Holder {

        private Set<String> ordered;
        private TreeMap<String, Long> sorted;
        private long[] numbers;
        private String[] names;
        private Object any;
        private Nested nested = new Nested();

        public Set<String> getOrdered() {
            return ordered;
        }

        public void setOrdered(Set<String> ordered) {
            this.ordered = ordered;
        }

        public TreeMap<String, Long> getSorted() {
            return sorted;
        }

        public void setSorted(TreeMap<String, Long> sorted) {
            this.sorted = sorted;
        }

        public long[] getNumbers() {
            return numbers;
        }

        public void setNumbers(long[] numbers) {
            this.numbers = numbers;
        }

        public String[] getNames() {
            return names;
        }

        public void setNames(String[] names) {
            this.names = names;
        }

        public Object getAny() {
            return any;
        }

        public void setAny(Object any) {
            this.any = any;
        }

        public Nested getNested() {
            return nested;
        }

        public void setNested(Nested nested) {
            this.nested = nested;
        }

        /** A class the strict reader does not allow. */
        public static class Nested {

            private String note = "nested";

            public String getNote() {
                return note;
            }

            public void setNote(String note) {
                this.note = note;
            }
        }
    }
}
