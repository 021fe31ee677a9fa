package dev.sessiondata.bench.flex;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvolutionCasesTest {

    @Test
    void bothVersionsOfEveryClassCompileIntoTheirOwnDirectories(@TempDir Path work) throws Exception {
        Path writer = work.resolve("writer-classes");
        Path reader = work.resolve("reader-classes");

        EvolutionCases.compile(EvolutionCases.WRITER_SOURCES, work, writer);
        EvolutionCases.compile(EvolutionCases.READER_SOURCES, work, reader);

        Path customer = Path.of(EvolutionCases.PACKAGE.replace('.', '/'), "Customer.class");
        assertThat(writer.resolve(customer)).exists();
        assertThat(reader.resolve(customer)).exists();
        assertThat(Files.readAllBytes(writer.resolve(customer))).isNotEqualTo(Files.readAllBytes(reader.resolve(customer)));
        assertThat(writer.resolve(Path.of(EvolutionCases.PACKAGE.replace('.', '/'), "a", "Moved.class"))).exists();
        assertThat(reader.resolve(Path.of(EvolutionCases.PACKAGE.replace('.', '/'), "b", "Moved.class"))).exists();
    }

    @Test
    void everyEvolutionCaseIsACriterionWhoseClassesBothSidesDefine() {
        for (EvolutionCases.Case evolution : EvolutionCases.CASES) {
            assertThat(Criterion.ALL).anyMatch(c -> c.key().equals(evolution.criterion())
                    && c.kind().equals(Criterion.EVOLUTION));
            for (EvolutionCases.Payload payload : evolution.payloads()) {
                assertThat(EvolutionCases.WRITER_SOURCES).containsKey(simpleKey(payload.writerClass()));
                assertThat(EvolutionCases.READER_SOURCES).containsKey(simpleKey(payload.readerClass()));
            }
        }
    }

    private static String simpleKey(String className) {
        return className.substring(EvolutionCases.PACKAGE.length() + 1).replace('.', '/');
    }
}
