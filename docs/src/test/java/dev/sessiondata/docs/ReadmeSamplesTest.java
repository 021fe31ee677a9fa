package dev.sessiondata.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's Java, properties and curl samples are copied from the manual's samples, which the build compiles and
 * runs: each one must appear, line for line (indentation aside), in a sample source, so that a README sample cannot
 * drift from code that works.
 */
class ReadmeSamplesTest {

    private static final Pattern FENCED = Pattern.compile("(?ms)^```(java|properties|sh)\\n(.*?)^```");

    @Test
    void everyReadmeSampleIsCopiedFromACompiledSample() throws IOException {
        String sources = samples();
        List<String> checked = new ArrayList<>();
        Matcher block = FENCED.matcher(Files.readString(Path.of("../README.md")));
        while (block.find()) {
            String sample = block.group(2);
            if (block.group(1).equals("sh") && !sample.contains("curl ")) {
                continue; // a build or run command, not a sample
            }
            assertThat(sources.contains(normalised(sample)))
                    .as("this README sample is not, line for line, in the manual's samples:%n%s", sample)
                    .isTrue();
            checked.add(sample);
        }
        assertThat(checked).as("the README's tour has a Java, a properties and a curl sample")
                .hasSizeGreaterThanOrEqualTo(3);
    }

    private static String samples() throws IOException {
        try (Stream<Path> files = Stream.concat(
                Files.walk(Path.of("src/test/java")), Files.walk(Path.of("src/test/resources")))) {
            List<Path> regular = files.filter(Files::isRegularFile).toList();
            StringBuilder all = new StringBuilder();
            for (Path file : regular) {
                all.append(normalised(Files.readString(file))).append('\n');
            }
            return all.toString();
        }
    }

    /** Lines without their indentation or trailing blanks, and without the tag markers the manual includes by. */
    private static String normalised(String text) {
        return text.lines()
                .filter(line -> !line.contains("tag::") && !line.contains("end::"))
                .map(String::strip)
                .collect(Collectors.joining("\n"));
    }
}
