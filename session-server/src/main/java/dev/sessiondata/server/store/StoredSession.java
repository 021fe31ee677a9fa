package dev.sessiondata.server.store;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One stored session: the bytes as written, the serializer that wrote them, its version (the entity tag), its
 * expiry and the digest it was written with ({@code Repr-Digest} field value; null for a session stored before
 * digests were kept). The byte array is not copied: the stores hand out arrays they no longer touch.
 */
public record StoredSession(byte[] data, String serializerId, String version, Duration ttl, Instant expiresAt,
        @Nullable String digest) {

    public StoredSession {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(serializerId, "serializerId");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }
}
