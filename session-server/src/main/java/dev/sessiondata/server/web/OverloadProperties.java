package dev.sessiondata.server.web;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * How much write work the server takes at once; beyond it a write is answered {@code 503} with {@code Retry-After}
 * before its body is read, instead of the heap running out.
 *
 * @param maxBodyBytes     the bound on the bytes of request bodies being read or written at one time (a body of
 *                         unknown length counts as the largest allowed); default an eighth of the maximum heap,
 *                         because a body costs up to about three times its size while it passes through (the
 *                         read, the store's copy or encoding, the container's buffers)
 * @param maxConcurrentWrites the bound on writes (PUT of a session, descriptor uploads) in progress at one time;
 *                         default 256: far above what a closed-loop client pool of 50 needs, it only bounds the
 *                         small writes the byte bound lets through in numbers (each holds a thread and a store
 *                         connection slot)
 * @param retryAfterSeconds what {@code Retry-After} tells a refused client; default 1
 */
@ConfigurationProperties("sessiondata.overload")
public record OverloadProperties(@Nullable DataSize maxBodyBytes, @Nullable Integer maxConcurrentWrites,
        @Nullable Integer retryAfterSeconds) {

    static final int DEFAULT_MAX_CONCURRENT_WRITES = 256;

    public OverloadProperties {
        if (maxBodyBytes == null) {
            maxBodyBytes = DataSize.ofBytes(Runtime.getRuntime().maxMemory() / 8);
        }
        if (maxConcurrentWrites == null) {
            maxConcurrentWrites = DEFAULT_MAX_CONCURRENT_WRITES;
        }
        if (retryAfterSeconds == null) {
            retryAfterSeconds = 1;
        }
        if (maxBodyBytes.toBytes() < 1 || maxConcurrentWrites < 1 || retryAfterSeconds < 0) {
            throw new IllegalArgumentException("sessiondata.overload.max-body-bytes and max-concurrent-writes must be "
                    + "positive and retry-after-seconds not negative; were " + maxBodyBytes + ", "
                    + maxConcurrentWrites + ", " + retryAfterSeconds);
        }
    }
}
