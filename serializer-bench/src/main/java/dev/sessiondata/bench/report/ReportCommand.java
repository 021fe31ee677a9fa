package dev.sessiondata.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.workload.PayloadSize;
import dev.sessiondata.bench.BenchSerializers;
import dev.sessiondata.bench.WorkloadCache;
import dev.sessiondata.bench.flex.FlexibilityMatrix;
import dev.sessiondata.bench.flex.ProbeWorker;
import dev.sessiondata.bench.size.SizeTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The command line of the benchmarks jar; {@code serializer-bench/run-report} builds the jar and calls it with the
 * serializers' JVM flags.
 *
 * <p>A run writes into {@code serializer-bench/target/bench} (or {@code --out}); only with {@code --publish}, and only
 * once it has finished, does it replace {@code docs/bench}, so a stopped run never leaves the committed report half
 * rewritten.
 *
 * <pre>
 * report [quick|full|smoke] [--out DIR] [--serializers a,b] [--sizes 1KB,1MB] [--publish]   the whole report
 * report decision [--out DIR] [--serializers a,b] [--sizes 1KB,1MB] [--publish]    what the choice of the default
 *                                              needs, on this JDK; published to docs/bench/decision-jdk&lt;N&gt;
 * matrix [--out DIR] [--serializers a,b] [--publish]                                        the matrix only
 * render [--out DIR]                               redraw summary and charts from DIR (default: docs/bench)
 * flags                                                                         the JVM flags the serializers need
 * jmh ARGS...                                                                   JMH's own command line
 * </pre>
 */
public final class ReportCommand {

    static final Path DEFAULT_OUT = Path.of("serializer-bench", "target", "bench");
    static final Path PUBLISHED = Path.of("docs", "bench");
    private static final String PUBLISH = "--publish";
    /** What a matrix run publishes: its results and its image; the summary is then redrawn around them. */
    private static final List<String> MATRIX_FILES = List.of("flexibility.json", "flexibility.md",
            "charts/flexibility-matrix.png");

    private ReportCommand() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        String command = args.length == 0 ? "help" : args[0];
        List<String> rest = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
        switch (command) {
            case "report" -> report(rest);
            case "matrix" -> matrix(rest);
            case "render" -> ReportWriter.render(option(rest, "--out").map(Path::of).orElse(PUBLISHED));
            case "flags" -> System.out.println(String.join(" ", RunEnvironment.serializerFlags()));
            case "jmh" -> org.openjdk.jmh.Main.main(rest.toArray(String[]::new));
            case ProbeWorker.COMMAND -> ProbeWorker.main(rest.toArray(String[]::new));
            default -> {
                System.err.println("usage: report [quick|full|smoke|decision] [--out DIR] [--serializers a,b] [--sizes 0B,1KB]"
                        + " [--publish] | matrix [--out DIR] [--serializers a,b] [--publish] | render [--out DIR]"
                        + " | flags | jmh ARGS");
                System.exit("help".equals(command) ? 0 : 2);
            }
        }
    }

    private static void report(List<String> args) throws Exception {
        long started = System.nanoTime();
        Profile profile = Profile.ofLabel(args.isEmpty() || args.get(0).startsWith("--") ? "quick" : args.get(0));
        if (args.contains(PUBLISH) && "smoke".equals(profile.label())) {
            throw new IllegalArgumentException("a smoke run's numbers mean nothing: it is never published");
        }
        boolean decision = profile == Profile.DECISION;
        Path out = option(args, "--out").map(Path::of).orElse(decision ? DecisionWriter.defaultOut() : DEFAULT_OUT);
        List<String> ids = option(args, "--serializers").map(v -> List.of(v.split(",")))
                .orElse(decision ? contenders() : BenchSerializers.ids());
        List<String> sizes = option(args, "--sizes").map(v -> List.of(v.split(",")))
                .orElse(Arrays.stream(PayloadSize.values()).map(PayloadSize::label).toList());
        String reference = BenchSerializers.referenceId();
        // relative: the forks run in this directory too, and the report should not show where the checkout lives
        Path workloads = Path.of("serializer-bench", "target", "bench-workloads");
        WorkloadCache.write(workloads);
        System.setProperty(WorkloadCache.PROPERTY, workloads.toString());
        List<String> forkArgs = JmhRunner.forkJvmArgs(RunEnvironment.serializerFlags(),
                List.of("-D" + BenchSerializers.REFERENCE_PROPERTY + "=" + reference,
                        "-D" + WorkloadCache.PROPERTY + "=" + workloads));
        Files.createDirectories(out);
        removeResultsOfAnEarlierRun(out);
        Map<String, Object> run = RunEnvironment.capture(profile.describe(), ids, reference, forkArgs);
        run.put("sizes", sizes);
        write(out.resolve("run.json"), run);
        log("report (" + profile.label() + ") of " + ids.size() + " serializers " + ids + " into " + out);
        log(profile.describe());

        log("sizes");
        write(out.resolve("sizes.json"), SizeTable.measure(ids));
        if (!decision) {
            runMatrix(out, ids);
        }
        List<String> rawIds = new ArrayList<>();
        for (String id : List.of(KnownSerializers.KRYO, KnownSerializers.ONE_NIO, KnownSerializers.FORY)) {
            if (ids.contains(id)) {
                rawIds.add(id);
            }
        }
        JmhRunner runner = new JmhRunner(profile, forkArgs, out.resolve("jmh"), Path.of("serializer-bench", "target",
                "bench-logs"));
        List<JmhGroup> groups = decision ? JmhGroup.decision(ids, sizes, rawIds) : JmhGroup.all(ids, sizes, rawIds);
        log("JMH: " + estimate(profile, groups));
        for (JmhGroup group : groups) {
            log("JMH " + group.name() + " (log: serializer-bench/target/bench-logs/" + group.name() + ".log)");
            runner.run(group);
        }
        run.put("spiOverheadIds", rawIds);
        run.put("loadAverageAtEnd", RunEnvironment.loadAverage());
        run.put("duration", Duration.ofNanos(System.nanoTime() - started).withNanos(0).toString());
        write(out.resolve("run.json"), run);
        ReportWriter.render(out);
        log("done in " + run.get("duration") + ": " + out.resolve("README.md"));
        if (args.contains(PUBLISH)) {
            publish(out, List.of("."), decision ? DecisionWriter.published() : PUBLISHED);
        }
    }

    /** The decision profile's contenders that this class path has. */
    private static List<String> contenders() {
        return DecisionWriter.CONTENDERS.stream().filter(BenchSerializers.ids()::contains).toList();
    }

    /**
     * Copies a finished run's {@code files} (or all of it, {@code "."}) over {@code published} through a sibling
     * directory that replaces it by renames, so a stopped copy leaves the published report as it was; then redraws
     * its summary. The decision runs published inside it ({@code decision-jdk*}) are kept when a whole race
     * replaces it.
     */
    static void publish(Path out, List<String> files, Path published) throws java.io.IOException {
        Path target = published.toAbsolutePath().normalize();
        if (out.toAbsolutePath().normalize().equals(target)) {
            return;
        }
        Path staging = target.resolveSibling(target.getFileName() + ".publishing");
        deleteTree(staging);
        boolean whole = files.equals(List.of("."));
        if (!whole && Files.isDirectory(target)) {
            copyTree(target, staging);
        }
        for (String file : files) {
            copyTree(out.resolve(file), staging.resolve(file));
        }
        if (whole && Files.isDirectory(target)) {
            try (var kept = Files.list(target)) {
                for (Path decision : kept.filter(p -> p.getFileName().toString().startsWith("decision-jdk")).toList()) {
                    copyTree(decision, staging.resolve(decision.getFileName().toString()));
                }
            }
        }
        ReportWriter.render(staging);
        Path previous = target.resolveSibling(target.getFileName() + ".previous");
        deleteTree(previous);
        if (Files.exists(target)) {
            Files.move(target, previous);
        }
        Files.move(staging, target);
        deleteTree(previous);
        log("published to " + published);
    }

    private static void copyTree(Path from, Path to) throws java.io.IOException {
        try (var paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path copy = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(copy);
                } else {
                    Files.createDirectories(copy.getParent());
                    Files.copy(path, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws java.io.IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** A group this run skips must not leave an earlier run's numbers behind to be rendered as this run's. */
    private static void removeResultsOfAnEarlierRun(Path out) throws java.io.IOException {
        for (String dir : List.of("jmh", "charts")) {
            Path results = out.resolve(dir);
            if (Files.isDirectory(results)) {
                try (var files = Files.list(results)) {
                    for (Path file : files.toList()) {
                        Files.delete(file);
                    }
                }
            }
        }
    }

    private static void matrix(List<String> args) throws Exception {
        Path out = option(args, "--out").map(Path::of).orElse(DEFAULT_OUT);
        List<String> ids = option(args, "--serializers").map(v -> List.of(v.split(","))).orElse(BenchSerializers.ids());
        Files.createDirectories(out);
        runMatrix(out, ids);
        MatrixImage.write(out);
        log("flexibility matrix: " + out.resolve("flexibility.md"));
        if (args.contains(PUBLISH)) {
            publish(out, MATRIX_FILES, PUBLISHED);
        }
    }

    private static void runMatrix(Path out, List<String> ids) throws Exception {
        log("flexibility matrix");
        Map<String, Object> matrix = new FlexibilityMatrix(RunEnvironment.serializerFlags()).run(ids);
        write(out.resolve("flexibility.json"), matrix);
        Files.writeString(out.resolve("flexibility.md"), MatrixMarkdown.render(out.resolve("flexibility.json")));
    }

    /** The points and a rough duration: each fork costs about 0.8-1 s besides its iterations on a 2-core machine. */
    private static String estimate(Profile profile, List<JmhGroup> groups) {
        int timed = points(groups, JmhGroup.Timing.PROFILE);
        int spi = points(groups, JmhGroup.Timing.SPI);
        int coldStart = points(groups, JmhGroup.Timing.SINGLE_SHOT);
        double forkSeconds = 0.9;
        // a point that runs to a steady state first: 2 s at least, several for Fory's
        double steadySeconds = profile.steadyMillis() > 0 ? 3 : 0;
        double seconds = timed * profile.forks() * (forkSeconds + steadySeconds
                + (profile.warmupIterations() * profile.warmupMillis()
                + profile.measurementIterations() * profile.measurementMillis()) / 1000.0)
                + spi * profile.spi().forks() * (forkSeconds + profile.spi().seconds())
                + coldStart * profile.coldStartForks() * forkSeconds;
        return timed + " timed points, " + spi + " SPI-overhead points, " + coldStart + " cold-start points x "
                + profile.coldStartForks() + " forks, about " + Math.round(seconds / 60) + " minutes";
    }

    private static int points(List<JmhGroup> groups, JmhGroup.Timing timing) {
        return groups.stream().filter(g -> g.timing() == timing).mapToInt(JmhGroup::points).sum();
    }

    static void write(Path file, Object tree) throws java.io.IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), tree);
    }

    private static java.util.Optional<String> option(List<String> args, String name) {
        int index = args.indexOf(name);
        if (index < 0) {
            return java.util.Optional.empty();
        }
        if (index + 1 >= args.size()) {
            throw new IllegalArgumentException(name + " needs a value");
        }
        return java.util.Optional.of(args.get(index + 1));
    }

    private static void log(String message) {
        System.out.printf("[bench %tT] %s%n", java.time.LocalTime.now(), message);
    }
}
