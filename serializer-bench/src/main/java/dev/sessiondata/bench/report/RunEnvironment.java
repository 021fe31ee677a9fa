package dev.sessiondata.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.util.Version;

/** The machine, JDK and settings a report ran on, as the report prints them ({@code run.json}). */
final class RunEnvironment {

    private RunEnvironment() {
    }

    /** The JVM flags the serializers need, as the build wrote them from the parent pom. */
    static List<String> serializerFlags() {
        Properties properties = new Properties();
        try (InputStream in = RunEnvironment.class.getResourceAsStream("/bench/jvm.properties")) {
            if (in == null) {
                throw new IllegalStateException("bench/jvm.properties is missing from the class path");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Arrays.stream(properties.getProperty("serializer.jvm.flags", "").trim().split("\\s+"))
                .filter(flag -> !flag.isEmpty()).toList();
    }

    static Map<String, Object> capture(String profileDescription, List<String> ids, String reference,
            List<String> forkJvmArgs) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("date", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        run.put("profile", profileDescription);
        run.put("ids", ids);
        run.put("referenceSerializer", reference);
        run.put("cpu", cpuModel());
        run.put("cores", Runtime.getRuntime().availableProcessors());
        run.put("memory", memory());
        run.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        run.put("jdk", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version"));
        run.put("jmh", Version.getPlainVersion());
        run.put("forkJvmArgs", String.join(" ", forkJvmArgs));
        run.put("gitCommit", gitCommit());
        run.put("loadAverageAtStart", loadAverage());
        return run;
    }

    /** The 1-minute system load average: other work on the machine shows here and in the numbers. */
    static String loadAverage() {
        return String.format(java.util.Locale.ROOT, "%.2f",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8).stream()
                    .filter(line -> line.startsWith("model name")).findFirst()
                    .map(line -> line.substring(line.indexOf(':') + 1).trim()).orElse("unknown");
        } catch (IOException e) {
            return System.getProperty("os.arch");
        }
    }

    private static String memory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return (os.getTotalMemorySize() >> 20) + " MiB";
        }
        return "unknown";
    }

    private static String gitCommit() {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "--short", "HEAD").redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? out : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
