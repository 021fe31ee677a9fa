package dev.sessiondata.server.store;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a write stores: the bytes, the serializer that wrote them, the time to live (positive) and the body's
 * digest as the {@code Repr-Digest} field value to answer reads with (null: none). With {@code keepsTtl} the
 * request named no ttl: an existing session keeps its own ttl and {@code ttl} is for a new one only, decided by
 * the store in the same atomic step as the write, so no concurrent write can slip between the look and the write.
 * {@code indexes} replace the session's index values ({@link SessionIndex}).
 * The caller hands the array over: a store may keep it as it is (no copy), so nobody changes it afterwards.
 */
public record SessionWrite(byte[] data, String serializerId, Duration ttl, boolean keepsTtl, @Nullable String digest,
        IndexValues indexes) {

    public SessionWrite {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(serializerId, "serializerId");
        Objects.requireNonNull(ttl, "ttl");
        Objects.requireNonNull(indexes, "indexes");
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
    }

    /** A write in no index. */
    public SessionWrite(byte[] data, String serializerId, Duration ttl, boolean keepsTtl, @Nullable String digest) {
        this(data, serializerId, ttl, keepsTtl, digest, IndexValues.none());
    }

    /** A write with this ttl whatever the session had, no digest, and in no index. */
    public SessionWrite(byte[] data, String serializerId, Duration ttl) {
        this(data, serializerId, ttl, false, null, IndexValues.none());
    }
}
