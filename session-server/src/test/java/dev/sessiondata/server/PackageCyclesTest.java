package dev.sessiondata.server;

import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import org.junit.jupiter.api.Test;

/**
 * The server's packages by concern depend on each other in one direction only: {@code http} (the plumbing) on
 * {@code store}'s failures, the concerns ({@code session}, {@code serializer}, {@code schema}, {@code security},
 * {@code metrics}) on {@code http} and {@code store}, and {@code config} on all of them. A cycle between any two
 * top-level packages fails here.
 */
class PackageCyclesTest {

    private static final JavaClasses SERVER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.sessiondata.server");

    @Test
    void noPackageOfTheServerIsInACycle() {
        assertThat(SERVER.containPackage("dev.sessiondata.server.http")).isTrue();
        assertThat(SERVER.containPackage("dev.sessiondata.server.session")).isTrue();
        slices().matching("dev.sessiondata.server.(*)..").should().beFreeOfCycles().check(SERVER);
    }

    @Test
    void noStorePackageIsInACycle() {
        slices().matching("dev.sessiondata.server.store.(*)..").should().beFreeOfCycles().check(SERVER);
    }

    @Test
    void thePlumbingKnowsNoConcern() {
        ArchRuleDefinition.noClasses()
                .that().resideInAPackage("dev.sessiondata.server.http..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.sessiondata.server.session..",
                        "dev.sessiondata.server.serializer..", "dev.sessiondata.server.schema..",
                        "dev.sessiondata.server.security..", "dev.sessiondata.server.metrics..",
                        "dev.sessiondata.server.config..")
                .check(SERVER);
    }
}
