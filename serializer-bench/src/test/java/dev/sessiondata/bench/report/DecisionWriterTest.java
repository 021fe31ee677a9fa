package dev.sessiondata.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A decision run's summary sets every id against the fastest round trip and the smallest payload at each size, and
 * calls an SPI overhead met only when its error bar stays under the target.
 */
class DecisionWriterTest {

    @Test
    void eachIdIsComparedWithTheFastestAndTheSmallestAtEachSize(@TempDir Path out) throws Exception {
        writeRun(out);
        ReportWriter.render(out);

        String summary = Files.readString(out.resolve("README.md"));
        assertThat(summary).contains("| fory | 1.25x | 1KB | **no** | 1.20x | 1KB | **no** |",
                "| one-nio | 1.50x | 1MB | **no** | 1.00x | 1KB | yes |");
        assertThat(summary).contains("| one-nio | 1,250 ± 10.00 (1.00x) | 100 ± 1.00 (1.50x) |",
                "| **fastest** | one-nio | fory |");
        assertThat(summary).contains("| fory | 1,200 (1.20x) | 12,000 (1.20x) |", "| **smallest** | one-nio | one-nio |");
        assertThat(summary).contains("| one-nio | 1KB | round trip | 1,000 ± 10.00 | 1,010 ± 10.00 | +1.0 ± 1.4 % | yes |",
                "| one-nio | 1KB | read | 1,000 ± 10.00 | 1,060 ± 10.00 | +6.0 ± 1.5 % | **no** |",
                "| one-nio | 100KB | round trip | 100 ± 1.00 | 103 ± 1.00 | +3.0 ± 1.4 % | not resolved |");
    }

    @Test
    void anOverheadWithoutErrorBarsIsNeverCalledMet() {
        JmhResults.Score spi = new JmhResults.Score(100, Double.NaN, "ops/s");
        JmhResults.Score raw = new JmhResults.Score(101, Double.NaN, "ops/s");

        assertThat(DecisionWriter.Overhead.of(spi, raw).verdict(3)).isEqualTo("no error bar");
    }

    private static void writeRun(Path out) throws Exception {
        Files.createDirectories(out.resolve("jmh"));
        ReportCommand.write(out.resolve("run.json"), Map.of("ids", List.of("fory", "one-nio"),
                "sizes", List.of("1KB", "1MB"), "profile", "decision: test", "spiOverheadIds", List.of("one-nio")));
        ReportCommand.write(out.resolve("sizes.json"), Map.of("referenceBytes", Map.of("1KB", 1000),
                "session", Map.of("fory", Map.of("1KB", Map.of("bytes", 1200), "1MB", Map.of("bytes", 12000)),
                        "one-nio", Map.of("1KB", Map.of("bytes", 1000), "1MB", Map.of("bytes", 10000))),
                "errors", Map.of()));
        Files.writeString(out.resolve("jmh/speed.json"), "[" + String.join(",",
                point("speed.SerializerSpeedBenchmark.roundTrip", "\"serializer\": \"fory\", \"size\": \"1KB\"", 1000, 10),
                point("speed.SerializerSpeedBenchmark.roundTrip", "\"serializer\": \"fory\", \"size\": \"1MB\"", 150, 1),
                point("speed.SerializerSpeedBenchmark.roundTrip", "\"serializer\": \"one-nio\", \"size\": \"1KB\"", 1250,
                        10),
                point("speed.SerializerSpeedBenchmark.roundTrip", "\"serializer\": \"one-nio\", \"size\": \"1MB\"", 100,
                        1)) + "]");
        Files.writeString(out.resolve("jmh/spi-overhead.json"), "[" + String.join(",",
                spi("roundTrip", "spi", "1KB", 1000, 10), spi("roundTrip", "raw", "1KB", 1010, 10),
                spi("read", "spi", "1KB", 1000, 10), spi("read", "raw", "1KB", 1060, 10),
                spi("roundTrip", "spi", "100KB", 100, 1), spi("roundTrip", "raw", "100KB", 103, 1)) + "]");
    }

    private static String spi(String method, String path, String size, double score, double error) {
        return point("spi.SpiOverheadBenchmark." + method, "\"serializer\": \"one-nio\", \"path\": \"" + path
                + "\", \"size\": \"" + size + "\"", score, error);
    }

    private static String point(String benchmark, String params, double score, double error) {
        return "{\"benchmark\": \"dev.sessiondata.bench." + benchmark + "\", \"params\": {" + params
                + "}, \"primaryMetric\": {\"score\": " + score + ", \"scoreError\": " + error
                + ", \"scoreUnit\": \"ops/s\"}}";
    }
}
