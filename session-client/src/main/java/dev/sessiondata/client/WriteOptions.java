package dev.sessiondata.client;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a session is written, beside its value: today its time to live. Without one ({@link #defaults()}) the service
 * chooses: a new session gets its {@code sessiondata.session.default-ttl}; for an existing one, a service that keeps
 * a session's ttl across writes keeps it, and one that does not resets it to that default, so pass the ttl when it
 * matters. Immutable; each {@code with...} returns a new value.
 *
 * @param timeToLive how long the session lives after this write (sent in whole seconds, rounded up); null leaves it
 *     to the service
 */
public record WriteOptions(@Nullable Duration timeToLive) {

    private static final WriteOptions DEFAULTS = new WriteOptions(null);

    public WriteOptions {
        if (timeToLive != null && (timeToLive.isNegative() || timeToLive.isZero())) {
            throw new IllegalArgumentException("ttl must be positive, was " + timeToLive);
        }
    }

    /** The service chooses the time to live. */
    public static WriteOptions defaults() {
        return DEFAULTS;
    }

    /** The session lives for {@code ttl} after this write. */
    public static WriteOptions ttl(Duration ttl) {
        return new WriteOptions(Objects.requireNonNull(ttl, "ttl"));
    }

    /** These options with another time to live. */
    public WriteOptions withTtl(Duration ttl) {
        return new WriteOptions(Objects.requireNonNull(ttl, "ttl"));
    }

    /** The time to live, if this write sets one. */
    public Optional<Duration> ttl() {
        return Optional.ofNullable(timeToLive);
    }
}
