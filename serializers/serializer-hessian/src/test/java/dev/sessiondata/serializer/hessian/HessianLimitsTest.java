package dev.sessiondata.serializer.hessian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.KitSettings;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class HessianLimitsTest {

    private final SessionSerializer serializer = SessionSerializers.create("hessian", KitSettings.strict());

    @Test
    void aListLengthThePayloadCannotHoldIsRefusedBeforeAllocating() {
        // 'V' "[long" int(0x7fffffff): a fixed-length long[] of 2^31-1 elements in 12 bytes
        byte[] payload = bytes(0x56, 0x05, "[long", 0x49, 0x7f, 0xff, 0xff, 0xff);

        assertThatThrownBy(() -> serializer.deserialize(payload, long[].class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("2147483647 elements");
    }

    @Test
    void aClassDefinitionWithMoreFieldsThanAClassCanHaveIsRefused() {
        // 'C' "java.math.BigDecimal" int(0x7fffffff) — then an instance of it
        byte[] payload = bytes(0x43, 0x14, "java.math.BigDecimal", 0x49, 0x7f, 0xff, 0xff, 0xff, 0x60);

        assertThatThrownBy(() -> serializer.deserialize(payload, Object.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("2147483647 fields");
    }

    @Test
    void untypedListsNestedAHundredThousandDeepAreRefusedByDepthNotByTheStack() {
        byte[] payload = new byte[100_000];
        // 0x57: an untyped list of variable length, whose first element is the next list
        Arrays.fill(payload, (byte) 0x57);

        assertThatThrownBy(() -> serializer.deserialize(payload, Object.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("maxDepth 128")
                .cause().isNotInstanceOf(StackOverflowError.class);
    }

    @Test
    void anAllowedClassThatDoesNotExistIsRefusedRatherThanReadAsAMap() {
        String missing = "dev.sessiondata.serializer.kit.Missing";
        byte[] payload = bytes(0x43, 0x30, missing.length(), missing, 0x90, 0x60);

        assertThatThrownBy(() -> serializer.deserialize(payload, Object.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining(missing + " named in the payload is not found");
    }

    @Test
    void hessianLiteHandleClassesAreNotOnTheAllowList() {
        String handle = "com.alibaba.com.caucho.hessian.io.java8.InstantHandle";
        byte[] payload = bytes(0x43, 0x30 + (handle.length() >> 8), handle.length() & 0xff, handle, 0x90, 0x60);

        assertThatThrownBy(() -> serializer.deserialize(payload, Object.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining(handle + " is not allowed");
    }

    @Test
    void everyJavaTimeTypeRoundTripsExactly() {
        List<Object> values = new ArrayList<>(List.of(
                Instant.parse("-1000000-01-01T00:00:00.000000001Z"), Instant.MAX, Duration.ofSeconds(-5, 7),
                LocalDate.MIN, LocalTime.of(23, 59, 59, 999_999_999), LocalDateTime.MAX,
                OffsetDateTime.of(2026, 3, 29, 2, 30, 0, 1, ZoneOffset.ofHoursMinutes(5, 45)),
                OffsetTime.of(1, 2, 3, 4, ZoneOffset.MIN),
                ZonedDateTime.of(2026, 10, 25, 2, 30, 0, 5, ZoneId.of("Europe/Zurich")).withLaterOffsetAtOverlap(),
                Period.of(1, -2, 3), Year.of(-999_999_999), YearMonth.of(2026, 2), MonthDay.of(2, 29),
                ZoneOffset.ofHoursMinutesSeconds(-3, -30, -15), ZoneId.of("America/Argentina/Buenos_Aires")));

        for (Object value : values) {
            assertThat(serializer.deserialize(serializer.serialize(value), Object.class)).as(value.toString())
                    .isEqualTo(value);
        }
        Object all = serializer.deserialize(serializer.serialize(values), ArrayList.class);
        assertThat(all).isEqualTo(values);
    }

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object part : parts) {
            if (part instanceof String text) {
                out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            } else {
                out.write((Integer) part);
            }
        }
        return out.toByteArray();
    }
}
