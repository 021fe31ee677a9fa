package dev.sessiondata.client;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How a session is read, beside its id: today the version the reader must see at least (read-your-writes across
 * applications). A user's last response came from some version of their session (the one a write returned, or
 * {@link Versioned#version()} of a read); handing that version here makes a client with a
 * {@link SessionClientBuilder#nearCache near cache} serve its cached entry only if it is of exactly that version,
 * and otherwise ask the service, which always answers its current one. Versions are random, not ordered, so a
 * cached entry newer than the token is read from the service too. Without a near cache every read asks the service
 * and the token changes nothing. Immutable.
 *
 * @param minVersion the version the answer must be at least; null for any
 */
public record ReadOptions(@Nullable String minVersion) {

    private static final ReadOptions DEFAULTS = new ReadOptions(null);

    /** Any version the client may serve. */
    public static ReadOptions defaults() {
        return DEFAULTS;
    }

    /** The answer is at least {@code version}. */
    public static ReadOptions atLeast(String version) {
        return new ReadOptions(Objects.requireNonNull(version, "version"));
    }

    /** The version the answer must be at least, if these options set one. */
    public Optional<String> atLeastVersion() {
        return Optional.ofNullable(minVersion);
    }
}
