package dev.sessiondata.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration reference is generated from the metadata, complete and described. */
class ConfigurationReferenceTest {

    private static final String UNDESCRIBED = """
            {"properties": [
              {"name": "sessiondata.session.max-size", "type": "org.springframework.util.unit.DataSize",
               "description": "The largest session body.", "defaultValue": "2MB"},
              {"name": "sessiondata.session.forgotten", "type": "java.lang.Boolean"}
            ]}""";

    @Test
    void everyPropertyOfTheServerAndTheStarterHasADescription() throws IOException {
        assertThat(ConfigurationReference.undescribed(ConfigurationReference.read(metadata("server-metadata"))))
                .isEmpty();
        assertThat(ConfigurationReference.undescribed(ConfigurationReference.read(metadata("starter-metadata"))))
                .isEmpty();
    }

    @Test
    void aPropertyWithoutADescriptionIsNamed() throws IOException {
        assertThat(ConfigurationReference.undescribed(ConfigurationReference.read(UNDESCRIBED)))
                .containsExactly("sessiondata.session.forgotten");
    }

    @Test
    void theGenerationFailsOnAPropertyWithoutADescription(@TempDir Path dir) throws IOException {
        Path metadata = Files.writeString(dir.resolve("metadata.json"), UNDESCRIBED);

        assertThatIllegalStateException()
                .isThrownBy(() -> ConfigurationReference.main(
                        new String[] {dir.resolve("out").toString(), metadata.toString(), metadata.toString()}))
                .withMessageContaining("sessiondata.session.forgotten");
    }

    @Test
    void theGeneratedPagesListTheServersKeysServerPortAndTheStartersKeys(@TempDir Path dir) throws IOException {
        ConfigurationReference.main(new String[] {dir.toString(), System.getProperty("sessiondata.docs.server-metadata"),
                System.getProperty("sessiondata.docs.starter-metadata")});

        assertThat(Files.readString(dir.resolve("server-properties.adoc")))
                .contains("|`sessiondata.serializer.active`", "|`fory-shared`", "|`sessiondata.store.type`");
        assertThat(Files.readString(dir.resolve("boot-properties.adoc")))
                .contains("|`server.port`", "|`8080`", "|`spring.data.redis.url`");
        assertThat(Files.readString(dir.resolve("client-properties.adoc")))
                .contains("|`sessiondata.client.base-uri`", "|`sessiondata.client.session.save-mode`");
    }

    @Test
    void javadocTagsInADescriptionBecomeAsciiDoc() {
        assertThat(ConfigurationReference.javadocToAsciiDoc(
                "the largest upload ({@code 413} above), see {@link dev.sessiondata.api.KnownSerializers}; {@literal <id>}"))
                .isEqualTo("the largest upload (`+413+` above), see `+dev.sessiondata.api.KnownSerializers+`; <id>");
    }

    @Test
    void theGeneratedPagesCarryNoJavadocTags(@TempDir Path dir) throws IOException {
        ConfigurationReference.main(new String[] {dir.toString(), System.getProperty("sessiondata.docs.server-metadata"),
                System.getProperty("sessiondata.docs.starter-metadata")});

        for (String page : new String[] {"server-properties.adoc", "client-properties.adoc", "boot-properties.adoc"}) {
            assertThat(Files.readString(dir.resolve(page))).as(page).doesNotContain("{@");
        }
    }

    private static String metadata(String property) throws IOException {
        return Files.readString(Path.of(System.getProperty("sessiondata.docs." + property)));
    }
}
