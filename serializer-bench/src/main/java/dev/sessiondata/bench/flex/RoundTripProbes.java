package dev.sessiondata.bench.flex;

import dev.sessiondata.bench.flex.model.Animal;
import dev.sessiondata.bench.flex.model.Bag;
import dev.sessiondata.bench.flex.model.BigNumbers;
import dev.sessiondata.bench.flex.model.Card;
import dev.sessiondata.bench.flex.model.CustomSerialized;
import dev.sessiondata.bench.flex.model.Dog;
import dev.sessiondata.bench.flex.model.EnumHolder;
import dev.sessiondata.bench.flex.model.ExternalizableText;
import dev.sessiondata.bench.flex.model.FinalFields;
import dev.sessiondata.bench.flex.model.Level;
import dev.sessiondata.bench.flex.model.ListHolder;
import dev.sessiondata.bench.flex.model.MapHolder;
import dev.sessiondata.bench.flex.model.NoDefaultConstructor;
import dev.sessiondata.bench.flex.model.Node;
import dev.sessiondata.bench.flex.model.NullFields;
import dev.sessiondata.bench.flex.model.PaymentMethod;
import dev.sessiondata.bench.flex.model.Point;
import dev.sessiondata.bench.flex.model.SetHolder;
import dev.sessiondata.bench.flex.model.TimeTypes;
import dev.sessiondata.bench.flex.model.Wallet;
import dev.sessiondata.serializer.SessionSerializer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The probes that need one JVM: write a value of the criterion's class and read it back through the same
 * serializer, then check what the criterion asks (equality, order, identity, hooks called). Any exception fails
 * the probe with its message.
 */
final class RoundTripProbes {

    /** The classes these probes write; allowed and registered in the worker's settings. */
    static final List<Class<?>> CLASSES = List.of(MapHolder.class, ListHolder.class, SetHolder.class,
            FinalFields.class, NoDefaultConstructor.class, BigNumbers.class, EnumHolder.class, Level.class,
            Animal.class, Dog.class, Node.class, NullFields.class, TimeTypes.class, Point.class,
            CustomSerialized.class, ExternalizableText.class, Card.class, Wallet.class, Bag.class);

    private RoundTripProbes() {
    }

    static Map<String, Function<SessionSerializer, Verdict>> all() {
        Map<String, Function<SessionSerializer, Verdict>> probes = new LinkedHashMap<>();
        probes.put("linked-hash-map-order", RoundTripProbes::linkedHashMapOrder);
        probes.put("hash-map", s -> {
            Map<String, Integer> map = new HashMap<>();
            for (int i = 0; i < 20; i++) {
                map.put("key-" + i, i * 7);
            }
            return equal(s, new MapHolder(map));
        });
        probes.put("array-list", s -> equal(s, new ListHolder(new ArrayList<>(List.of("c", "a", "b", "a")))));
        probes.put("hash-set", s -> equal(s, new SetHolder(new HashSet<>(List.of("red", "green", "blue", "cyan")))));
        probes.put("private-final-fields", s -> equal(s, new FinalFields(5, "fixed")));
        probes.put("no-default-constructor", s -> equal(s, new NoDefaultConstructor(6, "constructed")));
        probes.put("big-numbers", s -> equal(s, new BigNumbers(new BigInteger("123456789012345678901234567890"),
                new BigDecimal("-12345.678900"))));
        probes.put("enums", s -> equal(s, new EnumHolder(Level.HIGH)));
        probes.put("inheritance", s -> equal(s, new Dog("Rex", 3)));
        probes.put("shared-references", RoundTripProbes::sharedReferences);
        probes.put("cyclic-references", RoundTripProbes::cyclicReferences);
        probes.put("null-fields", s -> equal(s, new NullFields()));
        probes.put("java-time", RoundTripProbes::javaTime);
        probes.put("records", s -> equal(s, new Point(3, 4, "p")));
        probes.put("custom-write-object", s -> {
            CustomSerialized read = roundTrip(s, new CustomSerialized("hello"));
            return Verdict.of("hello".equals(read.getText()) && read.restoredLength() == 5,
                    "text " + read.getText() + ", length set by readObject: " + read.restoredLength());
        });
        probes.put("externalizable", s -> {
            ExternalizableText read = roundTrip(s, new ExternalizableText("external"));
            return Verdict.of("external".equals(read.getText()) && read.readByHook(),
                    "text " + read.getText() + ", readExternal called: " + read.readByHook());
        });
        probes.put("interface-fields", s -> equal(s, new Wallet(new Card("4111 1111 1111 1111"))));
        probes.put("polymorphic-list", RoundTripProbes::polymorphicList);
        return probes;
    }

    /** Runs one probe, turning any exception or error into a failed verdict. */
    static Verdict run(Function<SessionSerializer, Verdict> probe, SessionSerializer serializer) {
        try {
            return probe.apply(serializer);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return Verdict.failed(e);
        }
    }

    private static Verdict linkedHashMapOrder(SessionSerializer serializer) {
        Map<String, Integer> map = new LinkedHashMap<>();
        for (String key : List.of("zeta", "alpha", "mu", "beta", "omega", "delta")) {
            map.put(key, key.length());
        }
        MapHolder read = roundTrip(serializer, new MapHolder(map));
        List<String> keys = read.getValues() == null ? List.of() : List.copyOf(read.getValues().keySet());
        return Verdict.of(keys.equals(List.copyOf(map.keySet())), "read keys " + keys + " as "
                + (read.getValues() == null ? "null" : read.getValues().getClass().getSimpleName()));
    }

    private static Verdict sharedReferences(SessionSerializer serializer) {
        Node root = new Node("root");
        Node shared = new Node("shared");
        root.setNext(shared);
        root.setOther(shared);
        Node read = roundTrip(serializer, root);
        return Verdict.of(read.getNext() != null && read.getNext() == read.getOther(),
                "next and other are " + (read.getNext() == read.getOther() ? "one object" : "two objects"));
    }

    private static Verdict cyclicReferences(SessionSerializer serializer) {
        Node a = new Node("a");
        Node b = new Node("b");
        a.setNext(b);
        b.setNext(a);
        Node read = roundTrip(serializer, a);
        return Verdict.of(read.getNext() != null && read.getNext().getNext() == read, "a.next.next is a: "
                + (read.getNext() != null && read.getNext().getNext() == read));
    }

    private static Verdict polymorphicList(SessionSerializer serializer) {
        List<Object> items = new ArrayList<>(List.of("text", 42, 42L, 4.2d, LocalDate.of(2026, 3, 14),
                new BigDecimal("1.50"), new Point(1, 2, "q")));
        Bag read = roundTrip(serializer, new Bag(items));
        List<String> classes = read.getItems() == null ? List.of()
                : read.getItems().stream().map(o -> o == null ? "null" : o.getClass().getSimpleName()).toList();
        return Verdict.of(items.equals(read.getItems()), "element classes read: " + classes);
    }

    /** Field by field, so that the verdict says which type lost what (a zone, nanoseconds). */
    private static Verdict javaTime(SessionSerializer serializer) {
        TimeTypes written = timeTypes();
        TimeTypes read = roundTrip(serializer, written);
        List<String> lost = new ArrayList<>();
        compare(lost, "Instant", written.getInstant(), read.getInstant());
        compare(lost, "LocalDate", written.getLocalDate(), read.getLocalDate());
        compare(lost, "LocalDateTime", written.getLocalDateTime(), read.getLocalDateTime());
        compare(lost, "LocalTime", written.getLocalTime(), read.getLocalTime());
        compare(lost, "ZonedDateTime", written.getZonedDateTime(), read.getZonedDateTime());
        compare(lost, "OffsetDateTime", written.getOffsetDateTime(), read.getOffsetDateTime());
        compare(lost, "Duration", written.getDuration(), read.getDuration());
        compare(lost, "Period", written.getPeriod(), read.getPeriod());
        return lost.isEmpty() ? Verdict.pass("all eight types read back equal") : Verdict.fail(String.join("; ", lost));
    }

    private static void compare(List<String> lost, String type, Object written, Object read) {
        if (!Objects.equals(written, read)) {
            lost.add(type + " " + written + " read as " + read);
        }
    }

    private static TimeTypes timeTypes() {
        Instant instant = Instant.parse("2026-03-14T09:26:53.589793238Z");
        return new TimeTypes(instant, LocalDate.of(2026, 3, 14), LocalDateTime.of(2026, 3, 14, 9, 26, 53, 589_793_238),
                LocalTime.of(9, 26, 53, 589_793_238), ZonedDateTime.ofInstant(instant, ZoneId.of("Europe/Berlin")),
                OffsetDateTime.ofInstant(instant, ZoneOffset.ofHours(3)), Duration.ofSeconds(3_723, 456_789),
                Period.of(1, 2, 3));
    }

    private static Verdict equal(SessionSerializer serializer, Object value) {
        Object read = roundTrip(serializer, value);
        return Verdict.of(Objects.equals(value, read), "read " + read);
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(SessionSerializer serializer, T value) {
        return (T) serializer.deserialize(serializer.serialize(value), value.getClass());
    }
}
