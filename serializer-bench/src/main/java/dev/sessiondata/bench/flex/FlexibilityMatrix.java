package dev.sessiondata.bench.flex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sessiondata.api.KnownSerializers;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Decides every {@link Criterion} for every serializer id by running {@link ProbeWorker}s: per id a writer JVM
 * (the writer's class versions on its class path), a reader JVM (the reader's versions) and a JDK 25 JVM with
 * {@code --sun-misc-unsafe-memory-access=deny}. One-nio's compact mode is scored twice: without and with the
 * descriptor exchange. Nothing in the matrix is typed in: a cell is what its probe did.
 *
 * <p>The result is a tree of maps for {@code flexibility.json}: the criteria, and one row per id (and variant)
 * with a verdict ({@code pass}: true, false, or null when not run) and its detail per criterion.
 */
public final class FlexibilityMatrix {

    /** The JDK 25 the unsafe-deny column runs on. */
    public static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final String ONE_NIO = KnownSerializers.ONE_NIO;
    private static final int PARALLEL_IDS = 2;

    private final List<String> serializerFlags;

    public FlexibilityMatrix(List<String> serializerFlags) {
        this.serializerFlags = List.copyOf(serializerFlags);
    }

    public Map<String, Object> run(List<String> ids) throws IOException, InterruptedException {
        Path work = Files.createTempDirectory("flexibility-matrix");
        Path writerClasses = work.resolve("writer-classes");
        Path readerClasses = work.resolve("reader-classes");
        EvolutionCases.compile(EvolutionCases.WRITER_SOURCES, work, writerClasses);
        EvolutionCases.compile(EvolutionCases.READER_SOURCES, work, readerClasses);
        boolean jdk25 = Files.isExecutable(JDK25.resolve("bin/java"));

        // Two ids at a time: the probes are JVM start-ups and small reads, and the machine has two cores.
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL_IDS);
        List<Future<List<Map<String, Object>>>> perId = new ArrayList<>();
        try {
            for (String id : ids) {
                perId.add(pool.submit(() -> rowsOf(id, work, writerClasses, readerClasses, jdk25)));
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Future<List<Map<String, Object>>> future : perId) {
                rows.addAll(future.get());
            }
            Map<String, Object> matrix = new LinkedHashMap<>();
            matrix.put("criteria", Criterion.ALL);
            matrix.put("rows", rows);
            return matrix;
        } catch (ExecutionException e) {
            throw new IllegalStateException("a flexibility probe could not be run", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The rows of one id: one, or two for one-nio (without and with the descriptor exchange); fory-shared with its. */
    private List<Map<String, Object>> rowsOf(String id, Path work, Path writerClasses, Path readerClasses,
            boolean jdk25) throws IOException, InterruptedException {
        Map<String, Object> unsafeDeny = jdk25 ? unsafeDeny(id, work.resolve(id + "-jdk25"))
                : verdict(null, "no JDK 25 at " + JDK25);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (boolean exchange : ONE_NIO.equals(id) ? List.of(false, true)
                : List.of(KnownSerializers.FORY_SHARED.equals(id))) {
            String label = !ONE_NIO.equals(id) ? id : exchange ? "one-nio + descriptors" : "one-nio, no descriptors";
            System.out.println("[bench] flexibility probes: " + label);
            Map<String, Object> cells = probe(id, exchange, work.resolve(id + (exchange ? "-exchange" : "")),
                    writerClasses, readerClasses);
            cells.put("jdk25-unsafe-deny", unsafeDeny);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", id);
            row.put("label", label);
            row.put("cells", cells);
            rows.add(row);
        }
        return rows;
    }
    private Map<String, Object> probe(String id, boolean exchange, Path dir, Path writerClasses, Path readerClasses)
            throws IOException, InterruptedException {
        String exchangeArg = exchange ? "exchange" : "direct";
        String failure = runWorker(javaOf(Path.of(System.getProperty("java.home"))), List.of(), writerClasses,
                dir, "write", id, exchangeArg);
        if (failure == null) {
            failure = runWorker(javaOf(Path.of(System.getProperty("java.home"))), List.of(), readerClasses, dir,
                    "read", id, exchangeArg);
        }
        Map<String, Object> cells = new LinkedHashMap<>();
        JsonNode verdicts = failure == null ? new ObjectMapper().readTree(dir.resolve("read.json").toFile()) : null;
        for (Criterion criterion : Criterion.ALL) {
            if ("jdk25-unsafe-deny".equals(criterion.key())) {
                continue;
            }
            JsonNode verdict = verdicts == null ? null : verdicts.get(criterion.key());
            cells.put(criterion.key(), verdict == null
                    ? verdict(false, failure == null ? "no verdict" : failure)
                    : verdict(verdict.path("pass").isNull() ? null : verdict.path("pass").asBoolean(),
                            verdict.path("detail").asText()));
        }
        return cells;
    }

    private Map<String, Object> unsafeDeny(String id, Path dir) throws IOException, InterruptedException {
        String failure = runWorker(javaOf(JDK25), List.of("--sun-misc-unsafe-memory-access=deny"), null, dir,
                "unsafe-deny", id, "direct");
        if (failure != null) {
            return verdict(false, failure);
        }
        JsonNode verdict = new ObjectMapper().readTree(dir.resolve("unsafe-deny.json").toFile()).get("jdk25-unsafe-deny");
        return verdict(verdict.path("pass").asBoolean(), verdict.path("detail").asText());
    }

    /** Runs one worker JVM; null when it succeeded, else what went wrong with the end of its log. */
    private String runWorker(String java, List<String> extraFlags, Path extraClasses, Path dir, String role,
            String id, String exchange) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(serializerFlags);
        command.addAll(extraFlags);
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path")
                + (extraClasses == null ? "" : File.pathSeparator + extraClasses));
        command.add(ProbeWorker.class.getName());
        command.addAll(List.of(role, id, dir.toString(), exchange));
        Path log = dir.resolve(role + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor();
            return role + " JVM did not finish within 5 minutes";
        }
        if (process.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            String tail = lines.stream().filter(line -> !line.isBlank() && !line.startsWith("\tat "))
                    .limit(3).reduce((a, b) -> a + " | " + b).orElse("");
            return role + " JVM exited with " + process.exitValue() + ": " + tail;
        }
        return null;
    }

    private static String javaOf(Path javaHome) {
        return javaHome.resolve("bin").resolve("java").toString();
    }

    private static Map<String, Object> verdict(Boolean pass, String detail) {
        Map<String, Object> verdict = new LinkedHashMap<>();
        verdict.put("pass", pass);
        verdict.put("detail", detail);
        return verdict;
    }
}
