package dev.sessiondata.server.store;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** The condition a write or delete needs, from {@code If-Match} and {@code If-None-Match}. */
public record Precondition(Kind kind, @Nullable String version) {

    public enum Kind {
        /** Unconditional. */
        NONE,
        /** The session must exist with this version ({@code If-Match: "v"}). */
        VERSION,
        /** The session must exist, any version ({@code If-Match: *}). */
        PRESENT,
        /** The session must not exist ({@code If-None-Match: *}). */
        ABSENT
    }

    private static final Precondition NONE = new Precondition(Kind.NONE, null);
    private static final Precondition PRESENT = new Precondition(Kind.PRESENT, null);
    private static final Precondition ABSENT = new Precondition(Kind.ABSENT, null);

    public Precondition {
        Objects.requireNonNull(kind, "kind");
        if ((kind == Kind.VERSION) != (version != null)) {
            throw new IllegalArgumentException("a version goes with kind VERSION only");
        }
    }

    public static Precondition none() {
        return NONE;
    }

    public static Precondition version(String version) {
        return new Precondition(Kind.VERSION, Objects.requireNonNull(version, "version"));
    }

    public static Precondition present() {
        return PRESENT;
    }

    public static Precondition absent() {
        return ABSENT;
    }

    /** Whether a session whose current version is {@code current} (null: none) satisfies this condition. */
    public boolean isMetBy(@Nullable String current) {
        return switch (kind) {
            case NONE -> true;
            case VERSION -> Objects.equals(version, current);
            case PRESENT -> current != null;
            case ABSENT -> current == null;
        };
    }
}
