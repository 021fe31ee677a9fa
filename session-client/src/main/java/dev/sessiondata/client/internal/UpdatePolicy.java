package dev.sessiondata.client.internal;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * How {@link dev.sessiondata.client.SessionClient#update} retries after a conflict: at most {@code attempts}
 * tries, pausing between them for a random time up to a ceiling that doubles from {@code initialBackoff} to {@code maxBackoff} ("full jitter"),
 * so that writers who collided once do not collide again in lockstep.
 */
public record UpdatePolicy(int attempts, Duration initialBackoff, Duration maxBackoff) {

    public static final UpdatePolicy DEFAULT = new UpdatePolicy(32, Duration.ofMillis(5), Duration.ofMillis(500));

    public UpdatePolicy {
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1, was " + attempts);
        }
        if (initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("backoff must satisfy 0 <= initial <= max, was " + initialBackoff
                    + " and " + maxBackoff);
        }
    }

    /** The pause after the {@code attempt}-th conflict (1-based). */
    public Duration backoff(int attempt, RandomGenerator random) {
        long ceiling = initialBackoff.toNanos();
        for (int i = 1; i < attempt && ceiling < maxBackoff.toNanos(); i++) {
            ceiling *= 2;
        }
        ceiling = Math.min(ceiling, maxBackoff.toNanos());
        return Duration.ofNanos(ceiling == 0 ? 0 : random.nextLong(ceiling + 1));
    }
}
