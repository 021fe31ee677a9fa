package dev.sessiondata.bench.flex;

import java.util.List;

/**
 * One column of the flexibility matrix. {@code kind} says where its probe runs: {@code round-trip} (the reader JVM
 * writes and reads the value), {@code evolution} (a writer JVM with one version of a class, a reader JVM with
 * another) or {@code safety}.
 */
public record Criterion(String key, String title, String kind, String question) {

    static final String ROUND_TRIP = "round-trip";
    static final String EVOLUTION = "evolution";
    static final String SAFETY = "safety";

    /** Every criterion, in the order of the matrix. */
    public static final List<Criterion> ALL = List.of(
            new Criterion("linked-hash-map-order", "LinkedHashMap order", ROUND_TRIP,
                    "a LinkedHashMap field reads back with its keys in insertion order"),
            new Criterion("hash-map", "HashMap", ROUND_TRIP, "a HashMap field reads back equal"),
            new Criterion("array-list", "ArrayList", ROUND_TRIP, "an ArrayList field reads back equal"),
            new Criterion("hash-set", "HashSet", ROUND_TRIP, "a HashSet field reads back equal"),
            new Criterion("field-added", "field added", EVOLUTION,
                    "a reader without a field reads what a writer with that extra field wrote"),
            new Criterion("field-removed", "field removed", EVOLUTION,
                    "a reader with a field reads what a writer without it wrote (the field stays null)"),
            new Criterion("int-to-integer", "int <-> Integer", EVOLUTION,
                    "an int written is read into an Integer field, and an Integer into an int field"),
            new Criterion("int-to-long", "int -> long", EVOLUTION, "an int written is read into a long field"),
            new Criterion("private-final-fields", "private final fields", ROUND_TRIP,
                    "a class with private final fields and no setters reads back equal"),
            new Criterion("no-default-constructor", "no no-arg constructor", ROUND_TRIP,
                    "a class with only a constructor with arguments reads back equal"),
            new Criterion("big-numbers", "BigInteger/BigDecimal", ROUND_TRIP,
                    "a BigInteger and a BigDecimal (with its scale) read back equal"),
            new Criterion("enums", "enums", ROUND_TRIP, "an enum field reads back equal"),
            new Criterion("enum-constant-added", "enum constant added", EVOLUTION,
                    "a reader whose enum lacks a constant the writer's has (inserted before the value) reads the value"),
            new Criterion("inheritance", "inheritance", ROUND_TRIP,
                    "a subclass reads back with the fields of its superclass"),
            new Criterion("shared-references", "shared references", ROUND_TRIP,
                    "two fields pointing at one object point at one object after reading"),
            new Criterion("cyclic-references", "cyclic references", ROUND_TRIP,
                    "a cycle (a -> b -> a) is written and read back as a cycle"),
            new Criterion("null-fields", "null fields", ROUND_TRIP, "null fields of several types stay null"),
            new Criterion("java-time", "java.time", ROUND_TRIP,
                    "Instant, LocalDate, LocalDateTime, LocalTime, ZonedDateTime, OffsetDateTime, Duration, Period"
                            + " read back equal, nanoseconds included"),
            new Criterion("records", "records", ROUND_TRIP, "a record reads back equal"),
            new Criterion("custom-write-object", "writeObject/readObject", ROUND_TRIP,
                    "custom writeObject/readObject hooks are called"),
            new Criterion("externalizable", "Externalizable", ROUND_TRIP, "readExternal/writeExternal are called"),
            new Criterion("interface-fields", "interface-typed field", ROUND_TRIP,
                    "a field declared as an interface reads back as its implementation"),
            new Criterion("polymorphic-list", "List<Object> polymorphic", ROUND_TRIP,
                    "a List<Object> of String, Integer, Long, Double, LocalDate, BigDecimal and a record reads back"
                            + " with every element's class"),
            new Criterion("class-renamed", "class renamed", EVOLUTION,
                    "a reader whose class has another simple name reads what the writer wrote"),
            new Criterion("class-moved", "class moved", EVOLUTION,
                    "a reader whose class is in another package reads what the writer wrote"),
            new Criterion("allow-list", "allow-list enforced", SAFETY,
                    "a class outside the allow-list, top level and inside a List<Object>, is refused or read as plain"
                            + " data, and never initialized"),
            new Criterion("corrupt-input", "corrupt input: clean error", SAFETY,
                    "every truncation, every byte flipped and random bytes give a value or a SerializationException"
                            + " within 2 s each"),
            new Criterion("jdk25-unsafe-deny", "JDK 25, Unsafe denied", SAFETY,
                    "a session context and the legacy object still round-trip on JDK 25 with"
                            + " --sun-misc-unsafe-memory-access=deny and the serializer flags every id runs with, no"
                            + " flag per id: kryo and hessian switch their libraries to reflection by themselves, and"
                            + " an id whose library cannot run without Unsafe is refused with the reason"));
}
