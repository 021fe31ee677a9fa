package dev.sessiondata.client.internal.nearcache;

import java.time.Instant;
import java.util.Objects;

/**
 * What the near cache keeps of a session: the serialized bytes exactly as stored (never the value, so that every
 * read deserializes its own copy and no request sees another's in-place changes), the {@code Content-Type} that
 * names their serializer, the version, a lower bound of the expiry, and the cache generation it was stored in.
 */
record CachedSession(byte[] bytes, String contentType, String version, Instant expiresAtLeast, long generation) {

    CachedSession {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(expiresAtLeast, "expiresAtLeast");
    }

    CachedSession expiringAtLeast(Instant later) {
        return later.isAfter(expiresAtLeast)
                ? new CachedSession(bytes, contentType, version, later, generation) : this;
    }

    /** The cache's weight of this entry: its bytes plus a fixed allowance for the rest. */
    int weight() {
        return bytes.length + 128 + version.length() + contentType.length();
    }
}
