package dev.sessiondata.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The serializer ids of the session-data service, as data: what a session body's media type may name. The server
 * checks its configuration against this list and stores bytes tagged with one of these ids without having any
 * serializer library; each id's code lives in its serializer module (see the manual's module table, reference.adoc).
 *
 * <p>Each id is spelled here once; the serializer modules' variants and every other user name these constants, so
 * that the list and the modules cannot drift apart without a compile error (or {@code KnownSerializerIdsTest}
 * in serializer-bench, which compares this list with the discovered providers).
 */
public final class KnownSerializers {

    public static final String BSON4JACKSON = "bson4jackson";
    public static final String BSON4JACKSON_TYPED = "bson4jackson-typed";
    public static final String FORY = "fory";
    public static final String FORY_SHARED = "fory-shared";
    public static final String FST = "fst";
    public static final String FST_UNSAFE = "fst-unsafe";
    public static final String HESSIAN = "hessian";
    public static final String JACKSON_JSON = "jackson-json";
    public static final String JACKSON_JSON_TYPED = "jackson-json-typed";
    public static final String JACKSON_SMILE = "jackson-smile";
    public static final String JACKSON_SMILE_TYPED = "jackson-smile-typed";
    public static final String JAVA = "java";
    public static final String KRYO = "kryo";
    public static final String KRYO_UNSAFE = "kryo-unsafe";
    public static final String MONGO_BSON = "mongo-bson";
    public static final String ONE_NIO = "one-nio";
    public static final String ONE_NIO_PERSIST = "one-nio-persist";

    /** Every id, sorted. */
    public static final List<String> IDS = List.of(BSON4JACKSON, BSON4JACKSON_TYPED, FORY, FORY_SHARED, FST, FST_UNSAFE, HESSIAN,
            JACKSON_JSON, JACKSON_JSON_TYPED, JACKSON_SMILE, JACKSON_SMILE_TYPED, JAVA, KRYO, KRYO_UNSAFE, MONGO_BSON,
            ONE_NIO, ONE_NIO_PERSIST);

    /**
     * The serializer a service announces when its configuration names none: Apache Fory with type definitions shared
     * out of band, the fastest and, from 1 KB up, the smallest of the race that also runs on JDK 25 with
     * {@code sun.misc.Unsafe} denied (the manual's "Why fory-shared is the default", concepts.adoc, says why, with its numbers). The first
     * release announced {@link #ONE_NIO}; a service that stores its sessions keeps reading them after an upgrade,
     * since a read takes the serializer from the stored session's media type.
     */
    public static final String DEFAULT_ACTIVE = FORY_SHARED;

    /** The group id of every artifact of this project, the serializer modules included. */
    public static final String GROUP_ID = "dev.sessiondata";

    /**
     * Which artifact (of {@link #GROUP_ID}) brings which id: the one place this is spelled, so that an error about a
     * missing serializer can name the dependency to add. {@code KnownSerializerIdsTest} in serializer-bench checks it
     * against the module each provider is loaded from.
     */
    private static final Map<String, String> ARTIFACTS = Map.ofEntries(
            Map.entry(JAVA, "serializer-spi"),
            Map.entry(JACKSON_JSON, "serializer-jackson"), Map.entry(JACKSON_JSON_TYPED, "serializer-jackson"),
            Map.entry(JACKSON_SMILE, "serializer-jackson"), Map.entry(JACKSON_SMILE_TYPED, "serializer-jackson"),
            Map.entry(BSON4JACKSON, "serializer-jackson"), Map.entry(BSON4JACKSON_TYPED, "serializer-jackson"),
            Map.entry(MONGO_BSON, "serializer-mongo-bson"),
            Map.entry(KRYO, "serializer-kryo"), Map.entry(KRYO_UNSAFE, "serializer-kryo"),
            Map.entry(FST, "serializer-fst"), Map.entry(FST_UNSAFE, "serializer-fst"),
            Map.entry(ONE_NIO, "serializer-one-nio"), Map.entry(ONE_NIO_PERSIST, "serializer-one-nio"),
            Map.entry(FORY, "serializer-fory"), Map.entry(FORY_SHARED, "serializer-fory"),
            Map.entry(HESSIAN, "serializer-hessian"));

    private KnownSerializers() {
    }

    /** The artifact id of the module that brings {@code id}, such as {@code serializer-kryo}; empty for an unknown id. */
    public static Optional<String> artifactOf(String id) {
        return Optional.ofNullable(ARTIFACTS.get(id));
    }

    /** Whether {@code id} is one of {@link #IDS}. */
    public static boolean isKnown(String id) {
        return IDS.contains(id);
    }
}
