package dev.sessiondata.server.store;

import java.util.Map;
import java.util.Objects;

/**
 * The index values a write gives its session, by index name (at most one value per name), replacing those it had:
 * the session is listed under each value until it is deleted, expires or is written without it.
 */
public record IndexValues(Map<String, String> values) {

    private static final IndexValues NONE = new IndexValues(Map.of());

    public IndexValues {
        values = Map.copyOf(Objects.requireNonNull(values, "values"));
    }

    public static IndexValues none() {
        return NONE;
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** Whether the session is listed under {@code value} of index {@code name}. */
    public boolean has(String name, String value) {
        return value.equals(values.get(name));
    }
}
