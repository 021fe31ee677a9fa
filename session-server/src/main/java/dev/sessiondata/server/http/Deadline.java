package dev.sessiondata.server.http;

import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The clock of one connection's time bound, which each request starts and stops (a header section, a body). Starting
 * and stopping only set a field: as Netty's {@code IdleStateHandler} does, the deadline is checked by one task that,
 * when it runs, ends if the clock was stopped meanwhile, fires if the deadline passed, or waits again for what is
 * left. Scheduling and cancelling a task per request cost the event loop about a tenth of a small GET's time (a JFR
 * profile of the memory store's 1 KB GET); this costs a task per connection per timeout. Used on the connection's
 * event loop only.
 */
final class Deadline {

    private final long timeoutNanos;
    private final EventExecutor executor;
    private final Runnable expired;
    private final Runnable check = this::check;
    private long deadlineNanos;
    private boolean running;
    private @Nullable ScheduledFuture<?> pending;

    /**
     * @param expired run on {@code executor} once a started clock reaches the timeout without being stopped
     */
    Deadline(long timeoutNanos, EventExecutor executor, Runnable expired) {
        this.timeoutNanos = timeoutNanos;
        this.executor = executor;
        this.expired = expired;
    }

    /** Starts the clock from now (again, if it runs). */
    void start() {
        deadlineNanos = System.nanoTime() + timeoutNanos;
        running = true;
        if (pending == null) {
            pending = executor.schedule(check, timeoutNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Moves the deadline of a started clock {@code nanos} later: time a bound grants for what has arrived. */
    void extend(long nanos) {
        deadlineNanos += nanos;
    }

    void stop() {
        running = false;
    }

    boolean isRunning() {
        return running;
    }

    /** Stops the clock for good: the connection is closed. */
    void cancel() {
        running = false;
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }

    private void check() {
        pending = null;
        if (!running) {
            return;
        }
        long left = deadlineNanos - System.nanoTime();
        if (left > 0) {
            pending = executor.schedule(check, left, TimeUnit.NANOSECONDS);
            return;
        }
        running = false;
        expired.run();
    }
}
