package dev.sessiondata.bench.report;

import dev.sessiondata.bench.speed.SerializerSpeedBenchmark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs a {@link JmhGroup} in forked JVMs with the serializers' flags, writing the JMH JSON the report is drawn from
 * and JMH's own log beside it. A benchmark that fails (a serializer that cannot write the workload) does not stop
 * the run: its points are missing from the JSON and the report marks them.
 */
final class JmhRunner {

    private final Profile profile;
    private final List<String> forkJvmArgs;
    private final Path jsonDir;
    private final Path logDir;

    JmhRunner(Profile profile, List<String> forkJvmArgs, Path jsonDir, Path logDir) {
        this.profile = profile;
        this.forkJvmArgs = List.copyOf(forkJvmArgs);
        this.jsonDir = jsonDir;
        this.logDir = logDir;
    }

    Path run(JmhGroup group) throws RunnerException, java.io.IOException {
        Files.createDirectories(jsonDir);
        Files.createDirectories(logDir);
        Path json = jsonDir.resolve(group.name() + ".json");
        List<String> jvmArgs = new ArrayList<>(forkJvmArgs);
        if (group.timing() == JmhGroup.Timing.PROFILE && profile.steadyMillis() > 0) {
            jvmArgs.add("-D" + SerializerSpeedBenchmark.STEADY_PROPERTY + "=" + profile.steadyMillis());
        }
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(group.include())
                .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                .shouldFailOnError(false)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .output(logDir.resolve(group.name() + ".log").toString());
        group.params().forEach((name, values) -> options.param(name, values.toArray(String[]::new)));
        switch (group.timing()) {
            case PROFILE -> options.warmupIterations(profile.warmupIterations())
                    .warmupTime(TimeValue.milliseconds(profile.warmupMillis()))
                    .measurementIterations(profile.measurementIterations())
                    .measurementTime(TimeValue.milliseconds(profile.measurementMillis()))
                    .forks(profile.forks());
            case SPI -> options.warmupIterations(profile.spi().warmupIterations())
                    .warmupTime(TimeValue.milliseconds(profile.spi().warmupMillis()))
                    .measurementIterations(profile.spi().measurementIterations())
                    .measurementTime(TimeValue.milliseconds(profile.spi().measurementMillis()))
                    .forks(profile.spi().forks());
            case SINGLE_SHOT -> options.forks(profile.coldStartForks());
        }
        new Runner(options.build()).run();
        return json;
    }

    /** The JVM arguments of every fork: the serializers' flags and a fixed heap, so GC sizing is the same for all. */
    static List<String> forkJvmArgs(List<String> serializerFlags, List<String> systemProperties) {
        List<String> args = new ArrayList<>(serializerFlags);
        args.add("-Xms1g");
        args.add("-Xmx1g");
        args.addAll(systemProperties);
        return args;
    }
}
