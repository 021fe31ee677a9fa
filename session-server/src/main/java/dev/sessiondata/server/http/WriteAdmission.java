package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * Admits a write only while the server is within {@link OverloadProperties}: a bound on the bytes of bodies in
 * flight and on the writes in progress. Never waits: a write beyond either bound is refused at once with a
 * {@code 503} problem (and {@code Retry-After}), before a byte of its body is read, so overload costs the server
 * nothing but the refusal. Bytes are counted in KiB so that any heap fits a semaphore's int permits.
 */
public final class WriteAdmission {

    private final Semaphore kibibytes;
    private final Semaphore writes;
    private final long maxBodyBytes;
    private final int retryAfterSeconds;

    public WriteAdmission(OverloadProperties properties) {
        this.maxBodyBytes = properties.maxBodyBytes().toBytes();
        this.kibibytes = new Semaphore(Math.toIntExact(Math.max(1, Math.min(Integer.MAX_VALUE, maxBodyBytes / 1024))));
        this.writes = new Semaphore(properties.maxConcurrentWrites());
        this.retryAfterSeconds = properties.retryAfterSeconds();
    }

    /** What a refused client is told to wait, in seconds. */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /**
     * A permit for one write whose body is {@code declaredLength} bytes ({@code -1}: unknown, counted as
     * {@code maxLength}); close it when the write is done. A {@code 503} problem when the server is at a bound.
     */
    public Permit admit(long declaredLength, long maxLength) {
        long bytes = declaredLength < 0 ? maxLength : Math.min(declaredLength, maxLength);
        int units = Math.toIntExact(Math.max(1, (Math.min(bytes, maxBodyBytes) + 1023) / 1024));
        if (!writes.tryAcquire()) {
            throw overloaded("writes in progress");
        }
        if (!kibibytes.tryAcquire(units)) {
            writes.release();
            throw overloaded("bytes of request bodies in flight");
        }
        return new Permit(units);
    }

    private ApiProblemException overloaded(String bound) {
        return new ApiProblemException(ProblemType.STORE_UNAVAILABLE,
                "The server is at its bound of " + bound + "; retry later. Nothing was written.",
                Map.of("overloaded", true));
    }

    /** Gives the bytes and the write back when closed, once. */
    public final class Permit implements AutoCloseable {

        private final int units;
        private boolean released;

        private Permit(int units) {
            this.units = units;
        }

        @Override
        public void close() {
            if (!released) {
                released = true;
                kibibytes.release(units);
                writes.release();
            }
        }
    }
}
