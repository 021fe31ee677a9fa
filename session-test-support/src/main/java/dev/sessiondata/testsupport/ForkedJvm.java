package dev.sessiondata.testsupport;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a JVM of its own, with the same java and JVM flags as this one and the class path given
 * (by default: a class directory of the test's, then this JVM's class path with the client and its dependencies).
 */
public final class ForkedJvm {

    /** What the JVM did: its exit code and everything it printed. */
    public record Result(int exitCode, String output) {

        public boolean succeeded() {
            return exitCode == 0;
        }
    }

    private ForkedJvm() {
    }

    /** The entries of this JVM's class path. */
    public static List<String> currentClassPath() {
        return List.of(System.getProperty("java.class.path").split(File.pathSeparator));
    }

    /** Runs {@code mainClass} with {@code classes} first on the class path, then this JVM's class path. */
    public static Result run(Path classes, String mainClass, Path log, String... args)
            throws IOException, InterruptedException {
        return run(List.of(), classes, mainClass, log, args);
    }

    /** As {@link #run(Path, String, Path, String...)}, with {@code jvmArgs} added to this JVM's flags. */
    public static Result run(List<String> jvmArgs, Path classes, String mainClass, Path log, String... args)
            throws IOException, InterruptedException {
        List<String> classPath = new ArrayList<>();
        classPath.add(classes.toString());
        classPath.addAll(currentClassPath());
        return run(jvmArgs, classPath, mainClass, log, args);
    }

    /** Runs {@code mainClass} with exactly this class path, and waits for it to end. */
    public static Result run(List<String> classPath, String mainClass, Path log, String... args)
            throws IOException, InterruptedException {
        return run(List.of(), classPath, mainClass, log, args);
    }

    private static Result run(List<String> jvmArgs, List<String> classPath, String mainClass, Path log,
                              String... args) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command(jvmArgs, classPath, mainClass, args)).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            return new Result(-1, "did not finish within 2 minutes:\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    /**
     * Starts {@code mainClass} with {@code classes} first on the class path and returns at once; the caller talks
     * to it through its input and output (standard error merged into the output).
     */
    public static Process start(Path classes, String mainClass, String... args) throws IOException {
        List<String> classPath = new ArrayList<>();
        classPath.add(classes.toString());
        classPath.addAll(currentClassPath());
        return new ProcessBuilder(command(List.of(), classPath, mainClass, args)).redirectErrorStream(true).start();
    }

    /**
     * The command that runs {@code mainClass} with exactly this class path, the java and the JVM flags of this JVM
     * (without a debugger, an agent or its heap dump path), for a caller that runs it its own way (such as
     * {@link ServingProcess}).
     */
    public static List<String> command(List<String> classPath, String mainClass, String... args) {
        return command(List.of(), classPath, mainClass, args);
    }

    private static List<String> command(List<String> jvmArgs, List<String> classPath, String mainClass,
                                        String... args) {
        List<String> command = new ArrayList<>();
        command.add(java());
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!argument.startsWith("-agentlib:jdwp") && !argument.startsWith("-XX:HeapDumpPath")
                    && !argument.startsWith("-javaagent")) {
                command.add(argument);
            }
        }
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath));
        command.add(mainClass);
        command.addAll(List.of(args));
        return command;
    }

    /** The java executable this JVM runs on. */
    public static String java() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
