package dev.sessiondata.docs.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.docs.ConfigurationReference;
import dev.sessiondata.spring.boot.SessionDataClientProperties;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.session.SaveMode;

/** The manual's starter properties bind to the starter's properties without an unknown or misspelt key. */
class StarterSnippetsTest {

    @Test
    void theSampleApplicationPropertiesBindToTheStartersProperties() throws IOException {
        Properties sample = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/snippets/starter/application.properties")) {
            sample.load(in);
        }
        SessionDataClientProperties bound = new Binder(new MapConfigurationPropertySource(sample))
                .bind("sessiondata.client", SessionDataClientProperties.class)
                .orElseThrow(() -> new AssertionError("nothing bound"));

        assertThat(bound.getBaseUri()).isEqualTo(URI.create("http://sessions.internal:8080"));
        assertThat(bound.getAllowPackages()).containsExactly("com.example.shop");
        assertThat(bound.getRegisterClasses()).containsExactly("com.example.shop.Cart");
        assertThat(bound.isConnectOnStartup()).isTrue();
        assertThat(bound.getSession().getSaveMode()).isEqualTo(SaveMode.ON_GET_ATTRIBUTE);
    }

    @Test
    void everyKeyOfTheSampleIsAPropertyOfTheStarter() throws IOException {
        Properties sample = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/snippets/starter/application.properties")) {
            sample.load(in);
        }
        String metadata = Files.readString(Path.of(System.getProperty("sessiondata.docs.starter-metadata")));
        List<String> known = ConfigurationReference.read(metadata).stream()
                .map(ConfigurationReference.Property::name).toList();

        assertThat(known).containsAll(sample.stringPropertyNames());
    }
}
