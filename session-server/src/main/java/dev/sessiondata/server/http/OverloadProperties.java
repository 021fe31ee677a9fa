package dev.sessiondata.server.http;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * How much write work the server takes at once; beyond it a write is answered {@code 503} with {@code Retry-After}
 * before its body is read, instead of the heap running out.
 *
 * @param maxBodyBytes     the bound on the bytes of request bodies being read or written at one time (a body of
 *                         unknown length counts as the largest allowed); default a sixteenth of the maximum heap:
 *                         a large body is a humongous G1 object that takes whole heap regions, and it shares the
 *                         heap with the memory store's sessions (an eighth) and the garbage of the sessions it
 *                         replaces; parallel large writes on a small heap ran out of it with a larger share here
 *                         (docs/benchmarks has the run), not with these
 * @param maxConcurrentWrites the bound on writes (PUT of a session, descriptor uploads) in progress at one time;
 *                         default 256: far above what a closed-loop client pool of 50 needs, it only bounds the
 *                         small writes the byte bound lets through in numbers (each holds a thread and a store
 *                         connection slot)
 * @param retryAfterSeconds what {@code Retry-After} tells a refused client; default 1
 * @param maxAnswerBytes   the bound on the bytes of answers read from the store and not yet written to their
 *                         clients (a client that does not read its answers holds them); default a sixteenth of the
 *                         maximum heap, for the reasons of {@code maxBodyBytes}. An answer beyond it is {@code 503}
 *                         with {@code Retry-After}. Large answers (above {@code smallAnswerBytes}) hold at most
 *                         three quarters of it; the last quarter is kept for small answers. A session read takes the
 *                         bytes of a large value before the value leaves the store, so the bound also bounds what
 *                         crosses from the store, not only what waits for a socket.
 * @param smallAnswerBytes the size up to which a session is read at once, in the one store call of an ordinary read,
 *                         whatever the bound's room: a larger session leaves the store only once its bytes are taken
 *                         from the large share of {@code maxAnswerBytes} (under load, a second store call; beyond
 *                         it, {@code 503} with {@code Retry-After}); default 64 KiB, far above a typical session;
 *                         at most a quarter of {@code maxAnswerBytes} is used
 */
@ConfigurationProperties("sessiondata.overload")
public record OverloadProperties(@Nullable DataSize maxBodyBytes, @Nullable Integer maxConcurrentWrites,
        @Nullable Integer retryAfterSeconds, @Nullable DataSize maxAnswerBytes, @Nullable DataSize smallAnswerBytes) {

    static final int DEFAULT_MAX_CONCURRENT_WRITES = 256;
    static final DataSize DEFAULT_SMALL_ANSWER_BYTES = DataSize.ofKilobytes(64);

    public OverloadProperties {
        if (maxBodyBytes == null) {
            maxBodyBytes = DataSize.ofBytes(Runtime.getRuntime().maxMemory() / 16);
        }
        if (maxConcurrentWrites == null) {
            maxConcurrentWrites = DEFAULT_MAX_CONCURRENT_WRITES;
        }
        if (maxAnswerBytes == null) {
            maxAnswerBytes = DataSize.ofBytes(Runtime.getRuntime().maxMemory() / 16);
        }
        if (retryAfterSeconds == null) {
            retryAfterSeconds = 1;
        }
        if (smallAnswerBytes == null) {
            smallAnswerBytes = DEFAULT_SMALL_ANSWER_BYTES;
        }
        if (maxAnswerBytes.toBytes() < 1 || smallAnswerBytes.toBytes() < 1) {
            throw new IllegalArgumentException("sessiondata.overload.max-answer-bytes and small-answer-bytes must be "
                    + "positive; were " + maxAnswerBytes + ", " + smallAnswerBytes);
        }
        if (maxBodyBytes.toBytes() < 1 || maxConcurrentWrites < 1 || retryAfterSeconds < 0) {
            throw new IllegalArgumentException("sessiondata.overload.max-body-bytes and max-concurrent-writes must be "
                    + "positive and retry-after-seconds not negative; were " + maxBodyBytes + ", "
                    + maxConcurrentWrites + ", " + retryAfterSeconds);
        }
    }
}
