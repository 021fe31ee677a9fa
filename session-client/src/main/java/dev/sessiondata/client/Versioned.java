package dev.sessiondata.client;

import java.time.Instant;
import java.util.Objects;

/**
 * A session value read from the service, with the version to make a conditional write against and the moment it
 * expires unless it is written, read (with sliding expiry) or touched again.
 */
public record Versioned<T>(T value, String version, Instant expiresAt) {

    public Versioned {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }
}
