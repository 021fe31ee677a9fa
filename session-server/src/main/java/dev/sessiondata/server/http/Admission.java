package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import java.util.Map;
import java.util.concurrent.Semaphore;
import org.jspecify.annotations.Nullable;

/**
 * Admission by bytes, both ways ({@link OverloadProperties}). A route that reads a body is admitted by
 * {@link WriteAdmission} before a byte of the body is read, and holds its share until its reply is made. An answer
 * with a body holds its bytes from the moment it is made until it is written or its connection closes, so clients
 * that ask and never read cannot fill the heap; an answer beyond the bound is {@code 503} with {@code Retry-After}.
 * Never waits. Bytes are counted in KiB so that any heap fits a semaphore's int permits.
 */
public final class Admission implements Link {

    private final WriteAdmission writes;
    private final Semaphore answerKibibytes;
    private final long maxAnswerBytes;

    public Admission(WriteAdmission writes, OverloadProperties properties) {
        this.writes = writes;
        this.maxAnswerBytes = properties.maxAnswerBytes().toBytes();
        this.answerKibibytes = new Semaphore(units(maxAnswerBytes));
    }

    /** A route that reads a body holds its permit until the request has ended (the store has the write, or not). */
    @Override
    public @Nullable Runnable enter(ApiRequest request) {
        RouteTable.Route route = request.route();
        if (route == null || route.maxBodyBytes() == 0) {
            return null;
        }
        return writes.admit(request.contentLength(), route.maxBodyBytes())::close;
    }

    @Override
    public Reply leave(ApiRequest request, Reply reply) {
        if (reply.length() == 0) {
            return reply;
        }
        int units = units(Math.min(reply.length(), maxAnswerBytes));
        if (!answerKibibytes.tryAcquire(units)) {
            throw new ApiProblemException(ProblemType.STORE_UNAVAILABLE,
                    "The server is at its bound of bytes of answers in flight; retry later.", Map.of("overloaded", true));
        }
        return reply.whenDone(new Release(units));
    }

    private static int units(long bytes) {
        return Math.toIntExact(Math.max(1, Math.min(Integer.MAX_VALUE, (bytes + 1023) / 1024)));
    }

    /** Gives an answer's bytes back once. */
    private final class Release implements Runnable {

        private final int units;
        private boolean released;

        Release(int units) {
            this.units = units;
        }

        @Override
        public void run() {
            if (!released) {
                released = true;
                answerKibibytes.release(units);
            }
        }
    }
}
