package dev.sessiondata.spring;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A Spring Session session's state as the value the service stores: a {@link HashMap} of JDK types only, so that
 * every serializer writes it without registration and every allow-list admits it; only the attributes are the
 * application's classes.
 *
 * <p>Keys: {@code attributes} (a {@code HashMap<String, Object>}), {@code creationTime} and
 * {@code lastAccessedTime} (epoch milliseconds), {@code maxInactiveInterval} (seconds) and {@code format}, so that a
 * later layout can tell this one apart.
 */
record SessionState(Map<String, Object> attributes, Instant creationTime, Instant lastAccessedTime,
                     Duration maxInactiveInterval) {

    static final int FORMAT = 1;

    private static final String FORMAT_KEY = "format";
    private static final String ATTRIBUTES = "attributes";
    private static final String CREATION_TIME = "creationTime";
    private static final String LAST_ACCESSED_TIME = "lastAccessedTime";
    private static final String MAX_INACTIVE_INTERVAL = "maxInactiveInterval";

    HashMap<String, Object> toValue() {
        HashMap<String, Object> value = new HashMap<>();
        value.put(FORMAT_KEY, FORMAT);
        value.put(ATTRIBUTES, new HashMap<>(attributes));
        value.put(CREATION_TIME, creationTime.toEpochMilli());
        value.put(LAST_ACCESSED_TIME, lastAccessedTime.toEpochMilli());
        value.put(MAX_INACTIVE_INTERVAL, maxInactiveInterval.toSeconds());
        return value;
    }

    /**
     * Reads a stored value back.
     *
     * @throws IllegalStateException if the value is not a session this repository wrote
     */
    static SessionState of(String id, Map<?, ?> value) {
        if (!(value.get(FORMAT_KEY) instanceof Number format) || format.intValue() != FORMAT) {
            throw new IllegalStateException("session " + id + " is not in the Spring Session format " + FORMAT
                    + " (format " + value.get(FORMAT_KEY) + "): another application wrote this id");
        }
        Map<String, Object> attributes = new HashMap<>();
        if (value.get(ATTRIBUTES) instanceof Map<?, ?> stored) {
            stored.forEach((name, attribute) -> attributes.put(String.valueOf(name), attribute));
        }
        return new SessionState(attributes, Instant.ofEpochMilli(number(id, value, CREATION_TIME)),
                Instant.ofEpochMilli(number(id, value, LAST_ACCESSED_TIME)),
                Duration.ofSeconds(number(id, value, MAX_INACTIVE_INTERVAL)));
    }

    /** This session with {@code changes} applied: a {@code null} value removes its attribute. */
    SessionState with(Map<String, @Nullable Object> changes, Instant lastAccessed, Duration maxInactive) {
        Map<String, Object> merged = new HashMap<>(attributes);
        changes.forEach((name, attribute) -> {
            if (attribute == null) {
                merged.remove(name);
            } else {
                merged.put(name, attribute);
            }
        });
        return new SessionState(merged, creationTime, lastAccessed, maxInactive);
    }

    private static long number(String id, Map<?, ?> value, String key) {
        if (value.get(key) instanceof Number number) {
            return number.longValue();
        }
        throw new IllegalStateException("session " + id + " has no " + key + ": another application wrote this id");
    }
}
