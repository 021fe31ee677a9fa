package dev.sessiondata.server.store;

import java.time.Duration;
import java.util.Objects;

/**
 * What a write stores: the bytes, the serializer that wrote them and the time to live (positive). The caller hands
 * the array over: a store may keep it as it is (no copy), so nobody changes it afterwards.
 */
public record SessionWrite(byte[] data, String serializerId, Duration ttl) {

    public SessionWrite {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(serializerId, "serializerId");
        Objects.requireNonNull(ttl, "ttl");
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
    }
}
