package dev.sessiondata.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The summary is drawn from the run's files only, names every id in every table even when a point failed, and is
 * the same, byte for byte, when drawn again from the same files.
 */
class ReportWriterTest {

    @Test
    void everyIdAppearsInEveryTableAndAMissingPointIsMarked(@TempDir Path out) throws Exception {
        writeRun(out);
        ReportWriter.render(out);

        String summary = Files.readString(out.resolve("README.md"));
        assertThat(summary).contains("| java | 12,346 |", "| kryo | n/a |", "| java | 1,024 |");
        assertThat(summary).contains("`java`, makes 50,000 round trips/s, 2.5 % of the hand-written codec's 2,000,000");
        assertThat(summary).contains("SPI overhead of `kryo`", "`kryo` failed: IllegalStateException: test");
        assertThat(out.resolve("charts/throughput-serialize.png")).exists();
        assertThat(out.resolve("charts/size-bytes.png")).exists();

        byte[] sizeChart = Files.readAllBytes(out.resolve("charts/size-bytes.png"));
        byte[] speedChart = Files.readAllBytes(out.resolve("charts/throughput-serialize.png"));
        ReportWriter.render(out);
        assertThat(Files.readString(out.resolve("README.md"))).as("drawn again from the same files").isEqualTo(summary);
        assertThat(Files.readAllBytes(out.resolve("charts/size-bytes.png"))).isEqualTo(sizeChart);
        assertThat(Files.readAllBytes(out.resolve("charts/throughput-serialize.png"))).isEqualTo(speedChart);
    }

    @Test
    void publishingReplacesThePublishedReportWithTheFinishedRunAndLeavesNoStagingBehind(@TempDir Path dir)
            throws Exception {
        Path run = dir.resolve("run");
        Path published = dir.resolve("published");
        writeRun(run);
        ReportWriter.render(run);
        Files.createDirectories(published.resolve("jmh"));
        Files.writeString(published.resolve("jmh/stale.json"), "[]");

        ReportCommand.publish(run, List.of("."), published);

        assertThat(published.resolve("jmh/stale.json")).doesNotExist();
        assertThat(Files.readString(published.resolve("README.md"))).isEqualTo(Files.readString(run.resolve("README.md")));
        try (var siblings = Files.list(dir)) {
            assertThat(siblings.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("run", "published");
        }
    }

    @Test
    void republishingTheRaceKeepsTheDecisionRunsPublishedInsideIt(@TempDir Path dir) throws Exception {
        Path run = dir.resolve("run");
        Path published = dir.resolve("published");
        writeRun(run);
        Files.createDirectories(published.resolve("decision-jdk17"));
        Files.writeString(published.resolve("decision-jdk17/README.md"), "decision");

        ReportCommand.publish(run, List.of("."), published);

        assertThat(published.resolve("decision-jdk17/README.md")).hasContent("decision");
        assertThat(published.resolve("README.md")).exists();
    }

    @Test
    void publishingSomeFilesKeepsTheRestOfThePublishedReport(@TempDir Path dir) throws Exception {
        Path run = dir.resolve("run");
        Path published = dir.resolve("published");
        writeRun(published);
        Files.createDirectories(run);
        Files.writeString(run.resolve("sizes.json"), Files.readString(published.resolve("sizes.json"))
                .replace("800", "700"));

        ReportCommand.publish(run, List.of("sizes.json"), published);

        assertThat(published.resolve("jmh/speed.json")).exists();
        assertThat(Files.readString(published.resolve("README.md"))).contains("| java | 700 |");
    }

    /** The files a run of two ids and one size leaves, with a failed point (kryo's) and no matrix. */
    static void writeRun(Path out) throws Exception {
        Files.createDirectories(out);
        ReportCommand.write(out.resolve("run.json"), Map.of("ids", List.of("java", "kryo"), "sizes", List.of("1KB"),
                "profile", "smoke: test", "spiOverheadIds", List.of("kryo")));
        ReportCommand.write(out.resolve("sizes.json"), Map.of(
                "referenceBytes", Map.of("1KB", 1024),
                "session", Map.of("java", Map.of("1KB", Map.of("bytes", 1024, "deflated", 800))),
                "legacy", Map.of("java", 322, "hand-written", 183),
                "timeTypes", Map.of("java", Map.of("Date", 256, "Instant", 266, "LocalDateTime", 279)),
                "errors", Map.of("kryo", "IllegalStateException: test")));
        Files.createDirectories(out.resolve("jmh"));
        Files.writeString(out.resolve("jmh/speed.json"), """
                [{"benchmark": "dev.sessiondata.bench.speed.SerializerSpeedBenchmark.serialize", "mode": "thrpt",
                  "params": {"serializer": "java", "size": "1KB"},
                  "primaryMetric": {"score": 12345.6, "scoreError": "NaN", "scoreUnit": "ops/s"}}]
                """);
        Files.writeString(out.resolve("jmh/legacy.json"), """
                [{"benchmark": "dev.sessiondata.bench.legacy.LegacyObjectBenchmark.roundTrip", "mode": "thrpt",
                  "params": {"codec": "java"}, "primaryMetric": {"score": 50000, "scoreError": 10, "scoreUnit": "ops/s"}},
                 {"benchmark": "dev.sessiondata.bench.legacy.LegacyObjectBenchmark.roundTrip", "mode": "thrpt",
                  "params": {"codec": "hand-written"}, "primaryMetric": {"score": 2000000, "scoreError": 10, "scoreUnit": "ops/s"}}]
                """);

    }
}
