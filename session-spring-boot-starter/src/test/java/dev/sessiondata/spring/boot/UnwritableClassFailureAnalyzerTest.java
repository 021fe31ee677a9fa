package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.UnwritableClassException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.io.support.SpringFactoriesLoader;

/** When no serializer the application has writes its classes, the report names the module to add. */
class UnwritableClassFailureAnalyzerTest {

    private static final UnwritableClassException ONLY_JAVA_LEFT = new UnwritableClassException(Map.of("java",
            "java cannot write com.example.Cart: it does not implement java.io.Serializable"), null);

    @Test
    void withoutTheDefaultSerializersModuleTheActionNamesIt() {
        FailureAnalysis analysis = new UnwritableClassFailureAnalyzer(id -> false)
                .analyze(new BeanCreationException("sessionDataClient", "failed", ONLY_JAVA_LEFT));
        assertThat(analysis.getDescription()).contains("java cannot write com.example.Cart");
        assertThat(analysis.getAction())
                .startsWith("The session-data service writes with fory-shared")
                .contains("add dev.sessiondata:serializer-fory");
    }

    @Test
    void withTheDefaultSerializersModuleTheActionPointsAtTheClasses() {
        FailureAnalysis analysis = new UnwritableClassFailureAnalyzer(id -> true).analyze(ONLY_JAVA_LEFT);
        assertThat(analysis.getAction())
                .doesNotContain("add dev.sessiondata:")
                .contains("sessiondata.client.serializers");
    }

    @Test
    void bothAnalyzersAreRegisteredWithSpringBoot() {
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation(getClass().getClassLoader())
                .load(FailureAnalyzer.class, (type, name, failure) -> {
                    // Boot's own analyzers that need a bean factory cannot be made here; they are not under test
                }))
                .hasAtLeastOneElementOfType(MissingTokenFailureAnalyzer.class)
                .hasAtLeastOneElementOfType(UnwritableClassFailureAnalyzer.class);
    }
}
