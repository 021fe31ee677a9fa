package dev.sessiondata.bench.speed;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Runs an operation until this JVM has stopped changing how it runs it, before JMH's own warm-up: a fixed warm-up
 * long enough for the slowest id would make a decision run of every id and size half as long again.
 *
 * <p>Why a fixed short warm-up was not enough: in the decision runs of 26 November (1.2 s of warm-up) Fory's
 * round trips still rose inside the measurement, {@code fory-shared} at 1 KB from 152k to 440k ops/s on JDK 17, and
 * at 0 B from 3.3M to 8.6M ops/s on JDK 25 once Fory's serializers, generated in the background there, were loaded
 * and compiled; Kryo's at 0 B and 100 B rose by 40-80 % after the third or fourth measured iteration on both JDKs,
 * while one-nio's were level after its first.
 *
 * <p>Steady means, after at least {@value #MIN_WINDOWS} windows of {@value #WINDOW_MILLIS} ms and over the last
 * {@value #WINDOWS} of them: no class loaded (Fory
 * loads the serializer it generated), the JIT compilers busy for less than {@value #QUIET_COMPILE_PERCENT} % of the
 * time, and the operations per window not rising by more than {@value #RISE_PERCENT} % on the windows before them.
 * Rates alone are not enough: on JDK 25 {@code fory-shared} at 0 B ran level at its interpreter speed for a second
 * before the generated code came in.
 */
final class SteadyState {

    static final int WINDOW_MILLIS = 100;
    static final int WINDOWS = 5;
    static final int QUIET_COMPILE_PERCENT = 5;
    static final int RISE_PERCENT = 5;
    /**
     * Two seconds at least: the JIT's time counts a compilation only once it ends, so one in flight looks quiet; in
     * a check run on JDK 25 (load 5-8) one-nio at 0 B was taken as steady after the first second at a tenth of the
     * rate it measured at afterwards.
     */
    static final int MIN_WINDOWS = 20;

    private SteadyState() {
    }

    /**
     * Runs {@code operation} until steady or {@code maxMillis} have passed; returns one line for the run's output:
     * how long it ran, whether it became steady and the rates of its windows.
     */
    static String reach(Runnable operation, long maxMillis) {
        ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
        @Nullable CompilationMXBean compiler = ManagementFactory.getCompilationMXBean(); // null under -Xint
        List<Window> windows = new ArrayList<>();
        long start = System.nanoTime();
        long deadline = start + maxMillis * 1_000_000L;
        boolean steady = false;
        while (!steady && System.nanoTime() < deadline) {
            long loadedBefore = classes.getTotalLoadedClassCount();
            long compileBefore = compileMillis(compiler);
            long end = System.nanoTime() + WINDOW_MILLIS * 1_000_000L;
            long operations = 0;
            while (System.nanoTime() < end) {
                operation.run();
                operations++;
            }
            windows.add(new Window(operations, classes.getTotalLoadedClassCount() - loadedBefore,
                    compileMillis(compiler) - compileBefore));
            steady = isSteady(windows);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return String.format(Locale.ROOT, "%s after %d ms; operations per %d ms window: %s",
                steady ? "steady" : "not steady", millis, WINDOW_MILLIS,
                windows.stream().map(w -> Long.toString(w.operations)).collect(Collectors.joining(" ")));
    }

    /** The JIT compilers' time so far; 0 on a JVM that does not tell it, where only the rates decide. */
    private static long compileMillis(@Nullable CompilationMXBean compiler) {
        return compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler.getTotalCompilationTime() : 0;
    }

    static boolean isSteady(List<Window> windows) {
        if (windows.size() < MIN_WINDOWS) {
            return false;
        }
        List<Window> last = windows.subList(windows.size() - WINDOWS, windows.size());
        List<Window> before = windows.subList(windows.size() - 2 * WINDOWS, windows.size() - WINDOWS);
        long loaded = last.stream().mapToLong(Window::classesLoaded).sum();
        long compileMillis = last.stream().mapToLong(Window::compileMillis).sum();
        boolean quiet = loaded == 0 && compileMillis * 100 < (long) QUIET_COMPILE_PERCENT * WINDOWS * WINDOW_MILLIS;
        return quiet && median(last) * 100 <= median(before) * (100 + RISE_PERCENT);
    }

    private static long median(List<Window> windows) {
        return windows.stream().mapToLong(Window::operations).sorted().skip(windows.size() / 2).findFirst()
                .orElseThrow();
    }

    /** One window: the operations it ran, the classes loaded and the JIT compilers' milliseconds during it. */
    record Window(long operations, long classesLoaded, long compileMillis) {
    }
}
