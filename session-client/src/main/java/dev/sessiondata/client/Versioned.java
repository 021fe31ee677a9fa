package dev.sessiondata.client;

import java.time.Instant;
import java.util.Objects;

/**
 * A session value read from the service, with the version to make a conditional write (or delete) against, the
 * moment it expires unless it is written, read (with sliding expiry) or touched again, and the id of the serializer
 * that wrote it (from its stored {@code Content-Type}): after a serializer switch, which sessions are still in the
 * old format.
 */
public record Versioned<T>(T value, String version, Instant expiresAt, String serializerId) {

    public Versioned {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(serializerId, "serializerId");
    }
}
