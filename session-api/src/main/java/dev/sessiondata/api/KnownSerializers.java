package dev.sessiondata.api;

import java.util.List;

/**
 * The serializer ids of the session-data service, as data: what a session body's media type may name. The server
 * checks its configuration against this list and stores bytes tagged with one of these ids without having any
 * serializer library; each id's code lives in its serializer module (see the README's module table).
 */
public final class KnownSerializers {

    /** Every id, sorted. */
    public static final List<String> IDS = List.of("bson4jackson", "bson4jackson-typed", "fory", "fst", "fst-unsafe",
            "hessian", "jackson-json", "jackson-json-typed", "jackson-smile", "jackson-smile-typed", "java", "kryo",
            "kryo-unsafe", "mongo-bson", "one-nio", "one-nio-persist");

    /** The serializer a service announces when its configuration names none: One Nio's compact mode. */
    public static final String DEFAULT_ACTIVE = "one-nio";

    private KnownSerializers() {
    }

    /** Whether {@code id} is one of {@link #IDS}. */
    public static boolean isKnown(String id) {
        return IDS.contains(id);
    }
}
