package dev.sessiondata.bench.report;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How long each JMH point runs. {@code full} is the bank's setting: 5 s of warm-up and 5 s of measurement per point
 * (as five 1 s iterations each, so JMH can state an error). {@code quick} keeps the whole report, every id and
 * size, within 15 minutes on a 2-core machine; its numbers are indicative and, with one iteration, have no error.
 */
public enum Profile {
    QUICK("quick", 1, 300, 1, 400, 1, 2, 3, 2),
    FULL("full", 5, 1000, 5, 1000, 1, 10, 5, 3),
    /**
     * What the choice of the default needs, in one run per JDK within about ten minutes: round trips of the
     * contenders with JMH's error (three iterations), sizes, cold start, and the SPI overhead of round trip and read
     * alone over two forks ({@link DecisionWriter}).
     */
    DECISION("decision", 2, 300, 3, 400, 1, 3, 4, 2),
    /** Proves the pipeline end to end in a minute or two; its numbers mean nothing. */
    SMOKE("smoke", 1, 100, 1, 100, 1, 1, 1, 1);

    private final String label;
    private final int warmupIterations;
    private final int warmupMillis;
    private final int measurementIterations;
    private final int measurementMillis;
    private final int forks;
    private final int coldStartForks;
    private final int spiMeasurementSeconds;
    private final int spiForks;

    Profile(String label, int warmupIterations, int warmupMillis, int measurementIterations, int measurementMillis,
            int forks, int coldStartForks, int spiMeasurementSeconds, int spiForks) {
        this.label = label;
        this.warmupIterations = warmupIterations;
        this.warmupMillis = warmupMillis;
        this.measurementIterations = measurementIterations;
        this.measurementMillis = measurementMillis;
        this.forks = forks;
        this.coldStartForks = coldStartForks;
        this.spiMeasurementSeconds = spiMeasurementSeconds;
        this.spiForks = spiForks;
    }

    public String label() {
        return label;
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

    /**
     * Seconds of measurement (as 1 s iterations, after 1 s of warm-up) of the SPI-overhead points: a 3 % target
     * needs more than a glance, so these run longer than the others in every profile.
     */
    public int spiMeasurementSeconds() {
        return spiMeasurementSeconds;
    }

    /** Forks of each SPI-overhead point: a ratio near 1 needs the JVM-to-JVM variation averaged out. */
    public int spiForks() {
        return spiForks;
    }

    /** One line for the report. */
    public String describe() {
        return String.format("%s: %d x %d ms warm-up, %d x %d ms measurement, %d fork(s) per point; cold start: "
                + "%d fresh JVMs per id; SPI overhead: 1 s warm-up, %d x 1 s measurement, %d forks", label,
                warmupIterations, warmupMillis, measurementIterations, measurementMillis, forks, coldStartForks,
                spiMeasurementSeconds, spiForks);
    }

    public static Profile ofLabel(String label) {
        return Arrays.stream(values()).filter(p -> p.label.equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + label + "'; known: "
                        + Arrays.stream(values()).map(Profile::label).collect(Collectors.joining(", "))));
    }
}
