package dev.sessiondata.server.store;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One stored session: the bytes as written, the serializer that wrote them, its version (the entity tag) and
 * its expiry. The byte array is not copied: the stores hand out arrays they no longer touch.
 */
public record StoredSession(byte[] data, String serializerId, String version, Duration ttl, Instant expiresAt) {

    public StoredSession {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(serializerId, "serializerId");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }
}
