package dev.sessiondata.serializer.bson;

import java.math.BigInteger;
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
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.bson.BsonBinary;
import org.bson.BsonReader;
import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.configuration.CodecProvider;
import org.bson.codecs.configuration.CodecRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Faithful codecs for the java.time types and {@code BigInteger}. Every java.time value is its ISO-8601 string,
 * which keeps nanoseconds, offsets and zones and reads as a date in any BSON tool (a {@code Year} is its number,
 * since {@code Year.toString()} of a five-digit year does not parse back). A {@code BigInteger}, for which the
 * library has no codec, is its two's-complement bytes: parsing a huge decimal string takes quadratic time.
 */
final class JavaTimeCodecProvider implements CodecProvider {

    private static final Map<Class<?>, Codec<?>> CODECS = List.<Codec<?>>of(
                    StringFormCodec.iso(Instant.class, Instant::parse),
                    StringFormCodec.iso(LocalDateTime.class, LocalDateTime::parse),
                    StringFormCodec.iso(LocalDate.class, LocalDate::parse),
                    StringFormCodec.iso(LocalTime.class, LocalTime::parse),
                    StringFormCodec.iso(OffsetDateTime.class, OffsetDateTime::parse),
                    StringFormCodec.iso(OffsetTime.class, OffsetTime::parse),
                    StringFormCodec.iso(ZonedDateTime.class, ZonedDateTime::parse),
                    StringFormCodec.iso(Duration.class, Duration::parse),
                    StringFormCodec.iso(Period.class, Period::parse),
                    StringFormCodec.iso(YearMonth.class, YearMonth::parse),
                    StringFormCodec.iso(MonthDay.class, MonthDay::parse),
                    StringFormCodec.iso(ZoneOffset.class, ZoneOffset::of),
                    StringFormCodec.iso(ZoneId.class, ZoneId::of),
                    new StringFormCodec<>(Year.class, Object::toString, text -> Year.of(Integer.parseInt(text))),
                    new BigIntegerCodec())
            .stream().collect(Collectors.toUnmodifiableMap(Codec::getEncoderClass, Function.identity()));

    @Override
    @SuppressWarnings("unchecked")
    public <T> @Nullable Codec<T> get(Class<T> type, CodecRegistry registry) {
        if (ZoneId.class.isAssignableFrom(type) && type != ZoneOffset.class) {
            // a region such as Europe/Zurich is an instance of the JDK-internal java.time.ZoneRegion
            return (Codec<T>) CODECS.get(ZoneId.class);
        }
        return (Codec<T>) CODECS.get(type);
    }

    private static final class BigIntegerCodec implements Codec<BigInteger> {

        @Override
        public void encode(BsonWriter writer, BigInteger value, EncoderContext context) {
            writer.writeBinaryData(new BsonBinary(value.toByteArray()));
        }

        @Override
        public BigInteger decode(BsonReader reader, DecoderContext context) {
            return new BigInteger(reader.readBinaryData().getData());
        }

        @Override
        public Class<BigInteger> getEncoderClass() {
            return BigInteger.class;
        }
    }
}
