package dev.sessiondata.serializer.onenio;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.serializer.ClassAllowList;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.kit.AddressFixture;
import java.util.List;
import one.nio.serial.GeneratedSerializer;
import org.junit.jupiter.api.Test;

/**
 * A descriptor's declared field types: one-nio loads and initializes them, so only allowed classes and the JDK
 * interfaces and abstract classes of allowed values may be named — not any {@code java.*} class.
 */
class DescriptorFieldTypesTest {

    private final ClassAllowList allowList = SerializerSettings.builder()
            .allowPackages("dev.sessiondata.serializer.kit").build().allowList();

    @Test
    void aJdkClassOutsideTheAllowListIsRefusedAsAFieldType() {
        assertThat(DescriptorInstaller.firstRefused(declaring("java.util.prefs.Preferences"), allowList))
                .isEqualTo("java.util.prefs.Preferences");
        assertThat(DescriptorInstaller.firstRefused(declaring("java.net.URLClassLoader"), allowList))
                .isEqualTo("java.net.URLClassLoader");
        assertThat(DescriptorInstaller.firstRefused(declaring("[Ljava.util.prefs.Preferences;"), allowList))
                .isEqualTo("[Ljava.util.prefs.Preferences;");
    }

    @Test
    void allowedClassesAndTheJdkSupertypesOfAllowedValuesAreAccepted() {
        for (String type : List.of("java.lang.Object", "java.lang.String", "java.util.List", "java.util.Map",
                "java.util.Set", "java.util.Collection", "java.lang.Number", "java.io.Serializable",
                "java.lang.CharSequence", "java.time.temporal.Temporal", "java.time.ZoneId",
                "[Ljava.util.List;", AddressFixture.class.getName())) {
            assertThat(DescriptorInstaller.firstRefused(declaring(type), allowList)).as(type).isNull();
        }
    }

    private static DescriptorHeader declaring(String fieldType) {
        return new DescriptorHeader(GeneratedSerializer.class, 1L, List.of(AddressFixture.class.getName()),
                List.of(fieldType), 0, 0);
    }
}
