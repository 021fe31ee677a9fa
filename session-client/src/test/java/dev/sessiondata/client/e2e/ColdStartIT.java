package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.testsupport.ForkedJvm;
import dev.sessiondata.testsupport.JavaSources;
import dev.sessiondata.testsupport.TestServer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's cold start beside a bare {@code java.net.http.HttpClient}: for each serializer made the service's
 * active one (fory-shared, one-nio, fory, kryo by default), a real server (memory store) holds a session of about
 * 10 KB whose graph spans 50 generated classes; then fresh JVMs, alternating, either build a client and {@code get}
 * it ({@link ColdRead} {@code client}), or GET the same URL with a bare HttpClient ({@code http}), or build a client,
 * {@code connect()} and {@code get} the session once the JVM's background work has settled ({@code connected}: the
 * first request of an application that connects at startup). Each reports the
 * wall-clock from its JVM's start until the value was decoded. Every read must decode the session that was written;
 * the figures are written to {@code target/cold-start.md} and printed, not asserted, since this machine's load is
 * shared. {@code session-client/run-cold-start} runs it with more JVMs and copies the report to
 * {@code docs/bench/client-cold-start.md}.
 *
 * <p>System properties: {@code coldstart.runs} (JVMs per mode and serializer: 1 in the default build, which checks
 * that every cold client decodes the session; the figures worth reading come from {@code run-cold-start}'s 10),
 * {@code coldstart.serializers}
 * (comma-separated), {@code coldstart.jvmArgs} (space-separated flags for the client's JVMs only, to profile them
 * with {@code -Xlog:class+load} or JFR; their figures then measure the profiler too).
 */
class ColdStartIT {

    private static final int LEAVES = 49;
    private static final int TEXT_CHARS = 170;
    private static final Pattern FIGURE = Pattern.compile("^(\\w+)=(.*)$", Pattern.MULTILINE);

    @TempDir
    Path temp;

    @Test
    void firstGetOfAColdClientIsTimedBesideABareHttpClient() throws Exception {
        Path classes = JavaSources.compile(generateSources(temp.resolve("src")), temp.resolve("classes"));
        int runs = Integer.getInteger("coldstart.runs", 1);
        List<String> serializers = List.of(System.getProperty("coldstart.serializers", "fory-shared,one-nio,fory,kryo")
                .split(","));
        List<String> profiling = Arrays.stream(System.getProperty("coldstart.jvmArgs", "").split(" "))
                .filter(flag -> !flag.isBlank()).toList();
        String loadBefore = loadAverage();
        Map<String, Row> rows = new LinkedHashMap<>();
        for (String serializer : serializers) {
            try (TestServer server = TestServer.start("sessiondata.serializer.active=" + serializer)) {
                String uri = server.baseUri().toString();
                String id = "cold-" + serializer;
                Map<String, String> written = figures(ForkedJvm.run(classes, ColdRead.class.getName(),
                        temp.resolve(id + "-write.log"), "write", uri, TestServer.TOKEN, id, serializer));
                assertThat(written).containsEntry("writer", serializer);
                Row row = new Row();
                for (int run = 0; run < runs; run++) {
                    // alternate which goes first, so that neither always meets the other's after-effects
                    for (String mode : run % 2 == 0 ? List.of("client", "http", "connected")
                            : List.of("http", "client", "connected")) {
                        Path log = temp.resolve(id + "-" + mode + "-" + run + ".log");
                        Map<String, String> read = figures(ForkedJvm.run(mode.equals("http") ? List.of() : profiling,
                                classes, ColdRead.class.getName(), log, mode, uri, TestServer.TOKEN, id));
                        if (mode.equals("connected")) {
                            assertThat(read).containsEntry("summary", written.get("summary"));
                            row.connected.add(Long.parseLong(read.get("connected")));
                            row.settled.add(Long.parseLong(read.get("settled")));
                            row.getAfterConnect.add(Long.parseLong(read.get("get")));
                        } else if (mode.equals("client")) {
                            assertThat(read).containsEntry("summary", written.get("summary"));
                            row.client.add(Long.parseLong(read.get("ms")));
                            row.built.add(Long.parseLong(read.get("built")));
                            row.clientClasses.add(Long.parseLong(read.get("classes")));
                        } else {
                            row.bytes = Integer.parseInt(read.get("bytes"));
                            row.bare.add(Long.parseLong(read.get("ms")));
                            row.bareClasses.add(Long.parseLong(read.get("classes")));
                        }
                    }
                }
                assertThat(row.bytes).as("the session's encoded size").isBetween(8 * 1024, 24 * 1024);
                rows.put(serializer, row);
            }
        }
        String report = report(rows, runs, profiling, loadBefore, loadAverage());
        Files.writeString(Path.of("target", "cold-start.md"), report, StandardCharsets.UTF_8);
        System.out.println(report);
    }

    /** The {@code key=value} lines a {@link ColdRead} printed, once it succeeded. */
    private static Map<String, String> figures(ForkedJvm.Result run) {
        assertThat(run.succeeded()).as(run.output()).isTrue();
        Map<String, String> figures = new LinkedHashMap<>();
        Matcher line = FIGURE.matcher(run.output());
        while (line.find()) {
            figures.put(line.group(1), line.group(2).strip());
        }
        return figures;
    }

    /** The milliseconds of one serializer's JVMs, and the size of its session. */
    private static final class Row {
        final List<Long> bare = new ArrayList<>();
        final List<Long> built = new ArrayList<>();
        final List<Long> client = new ArrayList<>();
        final List<Long> bareClasses = new ArrayList<>();
        final List<Long> clientClasses = new ArrayList<>();
        final List<Long> connected = new ArrayList<>();
        final List<Long> settled = new ArrayList<>();
        final List<Long> getAfterConnect = new ArrayList<>();
        int bytes;
    }

    private static String report(Map<String, Row> rows, int runs, List<String> profiling, String loadBefore,
                                 String loadAfter) {
        StringBuilder out = new StringBuilder();
        out.append("""
                # Client cold start: the first `get` of a fresh JVM

                Made by `session-client/run-cold-start` (`ColdStartIT`). For each active serializer a real server \
                (memory store, 127.0.0.1) holds one session of a graph spanning 50 classes (`gen.Root` and 49 \
                distinct leaf classes with a String, a long, a BigDecimal and an Instant each). Then %d fresh JVMs \
                per column, alternating: our client (builder with every serializer on the test class path enabled, \
                `gen.Root` registered, then the first `get`, decoded) and a bare `java.net.http.HttpClient` GET of \
                the same URL (body as bytes). Wall-clock from the JVM's start (`RuntimeMXBean.getStartTime()`) until \
                the response was decoded, in ms: mean ± standard deviation (min–max). The classes each JVM loaded \
                by then (and those of `java.lang.management`, which reads the start time once the clock stopped) \
                are counted as well: unlike the milliseconds, that count does not depend on the machine's load.

                The last three columns are a third JVM per run: an application that calls `connect()` at startup \
                (as the Spring Boot starter does once the application is ready): the wall-clock from the JVM's \
                start until `connect()` returned; from then until the JVM's work in the background (Fory \
                generating serializers, the JIT compilers, the GC) had settled, that is until the whole JVM used \
                at most %d %% of one core over %d ms; then its first `get` alone.

                """.formatted(runs, Math.round(ColdRead.SETTLED_SHARE * 100), ColdRead.WINDOW.toMillis()));
        out.append("JDK ").append(System.getProperty("java.version")).append(", ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores, ").append(Instant.now())
                .append("; load average before ").append(loadBefore).append(", after ").append(loadAfter)
                .append(profiling.isEmpty() ? "" : "; client JVMs profiled with " + String.join(" ", profiling))
                .append(".\n\n");
        out.append("| active serializer | body bytes | bare HttpClient GET | our client: build() returned "
                + "| our client: get decoded | our extra cost (mean) | classes loaded, bare / ours (mean) "
                + "| connect() returned | background work settled after | first get then |\n"
                + "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        rows.forEach((serializer, row) -> out.append("| ").append(serializer).append(" | ").append(row.bytes)
                .append(" | ").append(stats(row.bare)).append(" | ").append(stats(row.built)).append(" | ")
                .append(stats(row.client)).append(" | ")
                .append(Math.round(mean(row.client) - mean(row.bare))).append(" | ")
                .append(Math.round(mean(row.bareClasses))).append(" / ").append(Math.round(mean(row.clientClasses)))
                .append(" | ").append(stats(row.connected)).append(" | ").append(stats(row.settled)).append(" | ")
                .append(stats(row.getAfterConnect))
                .append(" |\n"));
        return out.toString();
    }

    private static String stats(List<Long> millis) {
        double mean = mean(millis);
        double squares = millis.stream().mapToDouble(ms -> (ms - mean) * (ms - mean)).sum();
        double deviation = millis.size() < 2 ? 0 : Math.sqrt(squares / (millis.size() - 1));
        return "%d ± %d (%d–%d)".formatted(Math.round(mean), Math.round(deviation),
                millis.stream().mapToLong(Long::longValue).min().orElse(0),
                millis.stream().mapToLong(Long::longValue).max().orElse(0));
    }

    private static double mean(List<Long> millis) {
        return millis.stream().mapToLong(Long::longValue).average().orElse(0);
    }

    private static String loadAverage() throws Exception {
        Path proc = Path.of("/proc/loadavg");
        if (Files.isReadable(proc)) {
            String[] fields = Files.readString(proc).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        }
        return String.valueOf(ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** {@code gen.Root}, holding one each of 49 distinct leaf classes, with {@code sample()} and {@code summary()}. */
    private static List<String> generateSources(Path dir) throws Exception {
        Path pkg = Files.createDirectories(dir.resolve("gen"));
        List<String> files = new ArrayList<>();
        StringBuilder fields = new StringBuilder();
        StringBuilder sample = new StringBuilder();
        StringBuilder summary = new StringBuilder();
        for (int i = 1; i <= LEAVES; i++) {
            String leaf = "Leaf%02d".formatted(i);
            files.add(write(pkg.resolve(leaf + ".java"), """
                    package gen;
                    public class %1$s implements java.io.Serializable {
                        public String text%2$d;
                        public long number;
                        public java.math.BigDecimal amount;
                        public java.time.Instant at;
                        public long summary() {
                            return text%2$d.hashCode() + number + amount.hashCode() + at.getEpochSecond();
                        }
                    }
                    """.formatted(leaf, i)));
            fields.append("    public ").append(leaf).append(" leaf").append(i).append(";\n");
            sample.append("""
                            root.leaf%1$d = new %2$s();
                            root.leaf%1$d.text%1$d = ("%2$s " + "x".repeat(%3$d)).substring(0, %3$d);
                            root.leaf%1$d.number = %1$dL * 1_000_003L;
                            root.leaf%1$d.amount = new java.math.BigDecimal("%1$d.25");
                            root.leaf%1$d.at = java.time.Instant.ofEpochSecond(1_700_000_000L + %1$d);
                    """.formatted(i, leaf, TEXT_CHARS));
            summary.append("        total += leaf").append(i).append(".summary();\n");
        }
        files.add(write(pkg.resolve("Root.java"), """
                package gen;
                public class Root implements java.io.Serializable {
                %s
                    public static Root sample() {
                        Root root = new Root();
                %s        return root;
                    }
                    public String summary() {
                        long total = 0;
                %s        return Long.toString(total);
                    }
                }
                """.formatted(fields, sample, summary)));
        return files;
    }

    private static String write(Path file, String source) throws Exception {
        Files.writeString(file, source, StandardCharsets.UTF_8);
        return file.toString();
    }
}
