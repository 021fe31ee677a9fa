package dev.sessiondata.client.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.testsupport.JavaSources;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bank scenario's two application versions compile, and differ the way the scenario needs. */
class ScenarioVersionsTest {

    @TempDir
    Path temp;

    @Test
    void writerAndReaderEachHaveAFieldTheOtherLacksAtTopLevelAndNested() throws Exception {
        Path writer = JavaSources.compile("scenario/bank/writer", temp.resolve("writer"));
        Path reader = JavaSources.compile("scenario/bank/reader", temp.resolve("reader"));

        try (URLClassLoader writerClasses = loader(writer); URLClassLoader readerClasses = loader(reader)) {
            assertThat(fields(writerClasses, "com.bank.session.CustomerSession"))
                    .contains("campaignCode", "birthDate", "lastLogin", "address").doesNotContain("preferredLanguage");
            assertThat(fields(readerClasses, "com.bank.session.CustomerSession"))
                    .contains("preferredLanguage", "birthDate", "lastLogin", "address").doesNotContain("campaignCode");
            assertThat(fields(writerClasses, "com.bank.session.Address")).doesNotContain("country");
            assertThat(fields(readerClasses, "com.bank.session.Address")).contains("country");
        }
    }

    private static URLClassLoader loader(Path classes) throws Exception {
        return new URLClassLoader(new URL[] {classes.toUri().toURL()}, ScenarioVersionsTest.class.getClassLoader());
    }

    private static List<String> fields(ClassLoader loader, String className) throws ClassNotFoundException {
        return Arrays.stream(Class.forName(className, false, loader).getDeclaredFields()).map(Field::getName).toList();
    }
}
