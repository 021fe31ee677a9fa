package dev.sessiondata.serializer.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractSerializerFactory;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.Serializer;
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
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Compact Hessian forms of the java.time types, replacing hessian-lite's own: those write a handle object named
 * {@code com.alibaba.com.caucho.hessian.io.java8.InstantHandle} and the like, which costs about 80 bytes per field
 * and names a class outside every allow-list. Here an {@code Instant} is {@code java.time.Instant{s, n}}: about 35
 * bytes with its class definition, a few bytes for each further instant in the same payload.
 */
final class JavaTimeSerializers extends AbstractSerializerFactory {

    private static final List<TimeForm<?>> FORMS = List.of(
            TimeForm.of(Instant.class, List.of("s", "n"), t -> List.of(t.getEpochSecond(), t.getNano()),
                    v -> Instant.ofEpochSecond(v.longAt(0), v.intAt(1))),
            TimeForm.of(Duration.class, List.of("s", "n"), d -> List.of(d.getSeconds(), d.getNano()),
                    v -> Duration.ofSeconds(v.longAt(0), v.intAt(1))),
            TimeForm.of(LocalDate.class, List.of("d"), d -> List.of(d.toEpochDay()),
                    v -> LocalDate.ofEpochDay(v.longAt(0))),
            TimeForm.of(LocalTime.class, List.of("n"), t -> List.of(t.toNanoOfDay()),
                    v -> LocalTime.ofNanoOfDay(v.longAt(0))),
            TimeForm.of(LocalDateTime.class, List.of("d", "n"),
                    t -> List.of(t.toLocalDate().toEpochDay(), t.toLocalTime().toNanoOfDay()),
                    v -> LocalDateTime.of(LocalDate.ofEpochDay(v.longAt(0)), LocalTime.ofNanoOfDay(v.longAt(1)))),
            TimeForm.of(OffsetDateTime.class, List.of("d", "n", "o"),
                    t -> List.of(t.toLocalDate().toEpochDay(), t.toLocalTime().toNanoOfDay(),
                            t.getOffset().getTotalSeconds()),
                    v -> OffsetDateTime.of(LocalDate.ofEpochDay(v.longAt(0)), LocalTime.ofNanoOfDay(v.longAt(1)),
                            ZoneOffset.ofTotalSeconds(v.intAt(2)))),
            TimeForm.of(OffsetTime.class, List.of("n", "o"),
                    t -> List.of(t.toLocalTime().toNanoOfDay(), t.getOffset().getTotalSeconds()),
                    v -> OffsetTime.of(LocalTime.ofNanoOfDay(v.longAt(0)), ZoneOffset.ofTotalSeconds(v.intAt(1)))),
            TimeForm.of(ZonedDateTime.class, List.of("d", "n", "o", "z"),
                    t -> List.of(t.toLocalDate().toEpochDay(), t.toLocalTime().toNanoOfDay(),
                            t.getOffset().getTotalSeconds(), t.getZone().getId()),
                    v -> ZonedDateTime.ofStrict(
                            LocalDateTime.of(LocalDate.ofEpochDay(v.longAt(0)), LocalTime.ofNanoOfDay(v.longAt(1))),
                            ZoneOffset.ofTotalSeconds(v.intAt(2)), ZoneId.of(v.stringAt(3)))),
            TimeForm.of(Period.class, List.of("y", "m", "d"), p -> List.of(p.getYears(), p.getMonths(), p.getDays()),
                    v -> Period.of(v.intAt(0), v.intAt(1), v.intAt(2))),
            TimeForm.of(Year.class, List.of("y"), y -> List.of(y.getValue()), v -> Year.of(v.intAt(0))),
            TimeForm.of(YearMonth.class, List.of("y", "m"), y -> List.of(y.getYear(), y.getMonthValue()),
                    v -> YearMonth.of(v.intAt(0), v.intAt(1))),
            TimeForm.of(MonthDay.class, List.of("m", "d"), m -> List.of(m.getMonthValue(), m.getDayOfMonth()),
                    v -> MonthDay.of(v.intAt(0), v.intAt(1))),
            TimeForm.of(ZoneOffset.class, List.of("o"), o -> List.of(o.getTotalSeconds()),
                    v -> ZoneOffset.ofTotalSeconds(v.intAt(0))),
            // a region id such as Europe/Zurich is an instance of the JDK-internal ZoneRegion: written as a ZoneId
            new TimeForm<>(ZoneId.class, ZoneId.class.getName(), List.of("z"), z -> List.of(z.getId()),
                    v -> ZoneId.of(v.stringAt(0))));

    private static final Map<String, TimeFormSerializer<?>> SERIALIZERS = Stream.concat(
                    FORMS.stream().map(form -> Map.entry(form.type().getName(), new TimeFormSerializer<>(form))),
                    Stream.of(Map.entry("java.time.ZoneRegion", new TimeFormSerializer<>(form(ZoneId.class)))))
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));
    private static final Map<Class<?>, TimeFormDeserializer<?>> DESERIALIZERS = FORMS.stream()
            .collect(Collectors.toUnmodifiableMap(TimeForm::type, TimeFormDeserializer::new));

    @Override
    @SuppressWarnings("rawtypes") // hessian-lite's signature
    public @Nullable Serializer getSerializer(Class cl) {
        return SERIALIZERS.get(cl.getName());
    }

    @Override
    @SuppressWarnings("rawtypes") // hessian-lite's signature
    public @Nullable Deserializer getDeserializer(Class cl) {
        return DESERIALIZERS.get(cl);
    }

    @SuppressWarnings("unchecked")
    private static <T> TimeForm<T> form(Class<T> type) {
        return (TimeForm<T>) FORMS.stream().filter(form -> form.type() == type).findFirst().orElseThrow();
    }
}
