package dev.sessiondata.bench.report;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How long each JMH point runs. {@code full} is the bank's setting: 5 s of warm-up and 5 s of measurement per point
 * (as five 1 s iterations each, so JMH can state an error). {@code quick} keeps the whole report, every id and
 * size, within 15 minutes on a 2-core machine; its numbers are indicative and, with one iteration, have no error.
 */
public enum Profile {
    QUICK("quick", 0, 1, 300, 1, 400, 1, 2, new SpiTiming(1, 1000, 3, 1000, 2)),
    FULL("full", 0, 5, 1000, 5, 1000, 1, 10, new SpiTiming(3, 1000, 5, 1000, 3)),
    /**
     * What the choice of the default needs, in one run per JDK within about ten minutes: round trips of the
     * contenders with JMH's error, sizes, cold start, and the SPI overhead of round trip and read alone
     * ({@link DecisionWriter}), timed so that JMH's error can resolve a 3 % target (see {@link SpiTiming}). A round
     * trip point measures ten 200 ms iterations: with three 400 ms ones (the runs of 22 and
     * 23 November) Student's t at 99.9 % is 31.6, and the error bars below 10 KB were wider than the means, so no
     * 1.2x verdict could be read from them; with ten it is 4.8. Before them it runs round trips until the JVM runs
     * them steadily, for at most 15 s ({@code SteadyState} in the speed package), then JMH's 0.9 s of warm-up for
     * its own loop: with 1.2 s of warm-up alone Fory's iterations still rose during the measurement (26 November),
     * and warming every point as long as Fory needs would have made the run half as long again.
     */
    DECISION("decision", 15_000, 3, 300, 10, 200, 1, 3, new SpiTiming(6, 500, 8, 500, 2)),
    /** Proves the pipeline end to end in a minute or two; its numbers mean nothing. */
    SMOKE("smoke", 0, 1, 100, 1, 100, 1, 1, new SpiTiming(1, 100, 1, 100, 1));

    private final String label;
    private final long steadyMillis;
    private final int warmupIterations;
    private final int warmupMillis;
    private final int measurementIterations;
    private final int measurementMillis;
    private final int forks;
    private final int coldStartForks;
    private final SpiTiming spi;

    Profile(String label, long steadyMillis, int warmupIterations, int warmupMillis, int measurementIterations,
            int measurementMillis, int forks, int coldStartForks, SpiTiming spi) {
        this.label = label;
        this.steadyMillis = steadyMillis;
        this.warmupIterations = warmupIterations;
        this.warmupMillis = warmupMillis;
        this.measurementIterations = measurementIterations;
        this.measurementMillis = measurementMillis;
        this.forks = forks;
        this.coldStartForks = coldStartForks;
        this.spi = spi;
    }

    public String label() {
        return label;
    }

    /** The longest a round trip point runs to a steady state before JMH's warm-up; 0: it does not. */
    public long steadyMillis() {
        return steadyMillis;
    }

    public int warmupIterations() {
        return warmupIterations;
    }

    public int warmupMillis() {
        return warmupMillis;
    }

    public int measurementIterations() {
        return measurementIterations;
    }

    public int measurementMillis() {
        return measurementMillis;
    }

    public int forks() {
        return forks;
    }

    /** Fresh JVMs per id for the single-shot cold start. */
    public int coldStartForks() {
        return coldStartForks;
    }

    /** How the SPI-overhead points run: longer than the others in every profile, since a 3 % target needs it. */
    public SpiTiming spi() {
        return spi;
    }

    /** One line for the report. */
    public String describe() {
        return String.format("%s: the serializer's background work done, %s%d x %d ms warm-up, %d x %d ms measurement, "
                + "%d fork(s) per point; cold start: %d fresh JVMs per id; SPI overhead: %s", label, steadyMillis > 0
                ? "round trips until steady (at most " + steadyMillis / 1000 + " s), then " : "", warmupIterations,
                warmupMillis,
                measurementIterations, measurementMillis, forks, coldStartForks, spi.describe());
    }

    /**
     * Warm-up and measurement of each SPI-overhead point, per fork. In the decision run of 22 November on a quiet
     * machine (1 s of warm-up, 4 x 1 s, 2 forks) the first measured second of a round trip was still 10-18 % slower
     * than the next three (Kryo, Fory: the JIT was not done), and that one iteration made JMH's error ±13-19 %; the
     * three after it agreed within 2 %. So the decision profile warms up for 3 s, then measures 8 iterations per
     * fork: 16 samples put Student's t at 99.9 % near 4 instead of 5.4 for 8.
     */
    public record SpiTiming(int warmupIterations, int warmupMillis, int measurementIterations,
            int measurementMillis, int forks) {

        /** Seconds of one fork's iterations, for the estimate of a run's duration. */
        public double seconds() {
            return (warmupIterations * warmupMillis + measurementIterations * measurementMillis) / 1000.0;
        }

        String describe() {
            return String.format("%d x %d ms warm-up, %d x %d ms measurement, %d forks", warmupIterations,
                    warmupMillis, measurementIterations, measurementMillis, forks);
        }
    }

    public static Profile ofLabel(String label) {
        return Arrays.stream(values()).filter(p -> p.label.equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + label + "'; known: "
                        + Arrays.stream(values()).map(Profile::label).collect(Collectors.joining(", "))));
    }
}
