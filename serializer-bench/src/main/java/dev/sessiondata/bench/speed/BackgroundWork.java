package dev.sessiondata.bench.speed;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Waits, before a serializer's first measured call, until the work it started in the background is done, as an
 * application's JVM has settled by the time it serves requests: {@code fory-shared} has Fory generate the published
 * set's serializers on a thread of its own and then hands its threads instances without background compilation.
 * Measured while that was still going on, its 0 B round trips ran at a quarter of their rate for the first measured
 * iterations on JDK 25 (27 November), and {@link SteadyState} had taken the slow rate as steady.
 */
final class BackgroundWork {

    /** The window over which the process's CPU time is watched. */
    static final Duration WINDOW = Duration.ofMillis(200);
    /** Quiet: the whole JVM (the caller sleeps) used at most this share of one core over a {@link #WINDOW}. */
    static final double QUIET_SHARE = 0.10;

    private BackgroundWork() {
    }

    /**
     * Returns once the JVM used at most {@link #QUIET_SHARE} of one core over one {@link #WINDOW}, or after
     * {@code max}; says which, and after how long, in one line for the run's output. Returns at once on a JVM that
     * does not tell the process's CPU time.
     */
    static String awaitQuiet(Duration max) throws InterruptedException {
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)
                || os.getProcessCpuTime() < 0) {
            return "background work not watched (no process CPU time)";
        }
        long start = System.nanoTime();
        long before = os.getProcessCpuTime();
        while (System.nanoTime() - start < max.toNanos()) {
            TimeUnit.NANOSECONDS.sleep(WINDOW.toNanos());
            long now = os.getProcessCpuTime();
            if (now - before <= QUIET_SHARE * WINDOW.toNanos()) {
                return "background work quiet after " + (System.nanoTime() - start) / 1_000_000 + " ms";
            }
            before = now;
        }
        return "background work still busy after " + max.toMillis() + " ms";
    }
}
