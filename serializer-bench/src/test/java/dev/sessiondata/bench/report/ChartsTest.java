package dev.sessiondata.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default serializer stands out in every chart: its line and its bars are drawn black, the others never. */
class ChartsTest {

    private static final List<String> IDS = List.of("java", "fory-shared", "kryo");
    private static final int BLACK = 0xff000000;

    @Test
    void theHighlightedIdsBarsAreBlack(@TempDir Path out) throws Exception {
        Map<String, List<Double>> sizes = new LinkedHashMap<>();
        sizes.put("1KB", Arrays.asList(1500.0, 900.0, 1000.0));
        sizes.put("1MB", Arrays.asList(1_500_000.0, 999_000.0, 908_000.0));

        assertThat(Charts.panels(out.resolve("plain.png"), "Bytes", "bytes", IDS, sizes, "absent")).isTrue();
        assertThat(Charts.panels(out.resolve("highlighted.png"), "Bytes", "bytes", IDS, sizes, "fory-shared")).isTrue();

        // a bar is a solid block of thousands of pixels; text and axes in black are thin and the same in both
        assertThat(blackPixels(out.resolve("highlighted.png")) - blackPixels(out.resolve("plain.png")))
                .isGreaterThan(5_000);
    }

    @Test
    void theHighlightedIdsLineIsBlackAndThick(@TempDir Path out) throws Exception {
        Map<String, List<Double>> throughput = new LinkedHashMap<>();
        throughput.put("java", Arrays.asList(300_000.0, 40_000.0, 100.0));
        throughput.put("fory-shared", Arrays.asList(9_000_000.0, 800_000.0, 650.0));
        throughput.put("kryo", Arrays.asList(2_000_000.0, 300_000.0, null));
        List<String> sizes = List.of("0B", "1KB", "1MB");

        assertThat(Charts.lines(out.resolve("plain.png"), "Round trip", "size", "ops/s", sizes, throughput, "absent"))
                .isTrue();
        assertThat(Charts.lines(out.resolve("highlighted.png"), "Round trip", "size", "ops/s", sizes, throughput,
                "fory-shared")).isTrue();

        assertThat(blackPixels(out.resolve("highlighted.png")) - blackPixels(out.resolve("plain.png")))
                .isGreaterThan(1_000);
    }

    private static int blackPixels(Path png) throws Exception {
        BufferedImage image = ImageIO.read(png.toFile());
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (image.getRGB(x, y) == BLACK) {
                    count++;
                }
            }
        }
        return count;
    }
}
