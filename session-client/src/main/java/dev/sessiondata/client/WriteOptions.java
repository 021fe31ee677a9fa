package dev.sessiondata.client;

import dev.sessiondata.api.SessionApi;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a session is written, beside its value: its time to live and its index values. Without a ttl
 * ({@link #defaults()}) the service chooses: a new session gets its {@code sessiondata.session.default-ttl}; for an
 * existing one, a service that keeps a session's ttl across writes keeps it, and one that does not resets it to that
 * default, so pass the ttl when it matters. The index values replace those the session had: a write without them
 * lists the session under none ({@link SessionClient#sessionsOf}). Immutable; each {@code with...} returns a new
 * value.
 *
 * <p>The service keeps no session forever: {@link #longestAllowedTtl()} asks for the longest time to live it
 * allows (its {@code sessiondata.session.max-ttl}), which slides on every read as any other.
 *
 * @param timeToLive how long the session lives after this write (sent in whole seconds, rounded up); null leaves it
 *     to the service, or with {@code longestAllowed} asks for its longest
 * @param indexes the session's value of each index it is listed under, by index name
 * @param longestAllowed whether the session lives for the longest time the service allows (no {@code timeToLive}
 *     then)
 */
public record WriteOptions(@Nullable Duration timeToLive, Map<String, String> indexes, boolean longestAllowed) {

    private static final WriteOptions DEFAULTS = new WriteOptions(null, Map.of());
    private static final WriteOptions LONGEST_ALLOWED = new WriteOptions(null, Map.of(), true);

    public WriteOptions {
        if (timeToLive != null && (timeToLive.isNegative() || timeToLive.isZero())) {
            throw new IllegalArgumentException("ttl must be positive, was " + timeToLive);
        }
        if (timeToLive != null && longestAllowed) {
            throw new IllegalArgumentException("a write asks for a ttl of " + timeToLive + " or the longest allowed,"
                    + " not both");
        }
        indexes = Map.copyOf(Objects.requireNonNull(indexes, "indexes"));
        indexes.forEach((name, value) -> {
            if (name.isEmpty() || value.isEmpty()) {
                throw new IllegalArgumentException("an index name and value are not empty, got '" + name + "'='"
                        + value + "'");
            }
        });
    }

    /** Options with this time to live (null: the service chooses) and these index values. */
    public WriteOptions(@Nullable Duration timeToLive, Map<String, String> indexes) {
        this(timeToLive, indexes, false);
    }

    /** Options with this time to live (null: the service chooses) and in no index. */
    public WriteOptions(@Nullable Duration timeToLive) {
        this(timeToLive, Map.of());
    }

    /** The service chooses the time to live; the session is in no index. */
    public static WriteOptions defaults() {
        return DEFAULTS;
    }

    /** The session lives for {@code ttl} after this write. */
    public static WriteOptions ttl(Duration ttl) {
        return new WriteOptions(Objects.requireNonNull(ttl, "ttl"), Map.of());
    }

    /**
     * The session lives for the longest time the service allows after this write (its
     * {@code sessiondata.session.max-ttl}), sliding on every read: the nearest to a session that never expires.
     */
    public static WriteOptions longestAllowedTtl() {
        return LONGEST_ALLOWED;
    }

    /** These options with another time to live. */
    public WriteOptions withTtl(Duration ttl) {
        return new WriteOptions(Objects.requireNonNull(ttl, "ttl"), indexes);
    }

    /** These options with the longest time to live the service allows. */
    public WriteOptions withLongestAllowedTtl() {
        return new WriteOptions(null, indexes, true);
    }

    /** These options with the session listed under {@code value} of index {@code name} (replacing its value there). */
    public WriteOptions withIndex(String name, String value) {
        Map<String, String> more = new HashMap<>(indexes);
        more.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, "value"));
        return new WriteOptions(timeToLive, more, longestAllowed);
    }

    /** These options with the session listed under its user's name, in the service's {@code principal} index. */
    public WriteOptions withPrincipal(String principalName) {
        return withIndex(SessionApi.PRINCIPAL_INDEX, principalName);
    }

    /** The time to live, if this write sets one as a duration (none when it asks for the longest allowed). */
    public Optional<Duration> ttl() {
        return Optional.ofNullable(timeToLive);
    }
}
