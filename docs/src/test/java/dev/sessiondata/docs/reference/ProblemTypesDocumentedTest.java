package dev.sessiondata.docs.reference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ProblemType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reference's table of problem types lists every type the API has, with the status it comes with. */
class ProblemTypesDocumentedTest {

    @Test
    void everyProblemTypeHasARowWithItsStatus() throws IOException {
        String reference = Files.readString(Path.of("src/docs/asciidoc/reference.adoc"));
        List<String> rows = Arrays.stream(ProblemType.values())
                .map(type -> "|`" + type.slug() + "` |" + type.status() + " |")
                .toList();

        for (String row : rows) {
            assertThat(reference).as("the reference's problem types table").contains(row);
        }
    }
}
