package dev.sessiondata.server.http;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One kind of WARN line that a store outage or a full store would otherwise write once per request: the first is
 * written at once, then at most one per interval, saying how many were left out since. Under load an outage would
 * otherwise flood the log with a line per request; each request is counted in
 * {@code sessiondata.requests.rejected{reason}} anyway.
 */
final class ThrottledWarning {

    private final long intervalNanos;
    /** When the next line may be written, in {@link System#nanoTime()}'s terms. */
    private final AtomicLong nextNanos;
    private final AtomicLong leftOut = new AtomicLong();

    ThrottledWarning(Duration interval, long nowNanos) {
        this.intervalNanos = interval.toNanos();
        this.nextNanos = new AtomicLong(nowNanos);
    }

    /**
     * Whether a line may be written at {@code nowNanos}: {@code -1} when not (it is counted as left out), else how
     * many were left out since the last line written.
     */
    long admit(long nowNanos) {
        long next = nextNanos.get();
        if (nowNanos - next < 0 || !nextNanos.compareAndSet(next, nowNanos + intervalNanos)) {
            leftOut.incrementAndGet();
            return -1;
        }
        return leftOut.getAndSet(0);
    }

    /** What a line admitted with {@code leftOut} ends with. */
    String suffix(long leftOut) {
        return leftOut == 0 ? "" : " (and " + leftOut + " more like it since the last one, not logged)";
    }
}
