package dev.sessiondata.serializer.onenio;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.serializer.MissingSchemaException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.SchemaInstallation;
import dev.sessiondata.serializer.onenio.evolution.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A class of an allowed package that this JVM does not have: one-nio would generate a stub class for it; we refuse
 * it instead, in both modes, so that data can neither make up classes nor hand out stubs.
 */
class OneNioAbsentClassTest {

    private static final String NOTE = "dev.sessiondata.serializer.onenio.evolution.Profile$Note";
    private static final SerializerSettings READER = SerializerSettings.builder()
            .allowPackages("dev.sessiondata.serializer.onenio.evolution")
            .build();

    private static Path writer;

    @BeforeAll
    static void writeAClassThisJvmLacks(@TempDir Path dir) throws Exception {
        writer = OtherVersionJvm.write(dir, OtherVersionJvm.profileV1("""
                private Note note = new Note();
                public static class Note implements java.io.Serializable {
                    private String text = "only the writer has this class";
                }
                """));
    }

    @Test
    void persistModeRefusesAnInlineDescriptorOfAnAbsentClass() throws Exception {
        byte[] data = Files.readAllBytes(writer.resolve("persist.bin"));

        assertThatThrownBy(() -> SessionSerializers.create("one-nio-persist", READER).deserialize(data, Profile.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining(NOTE + " is not present");
    }

    @Test
    void theDescriptorOfAnAbsentClassIsNotInstalledAndItsDataStaysUnreadable() throws Exception {
        byte[] data = Files.readAllBytes(writer.resolve("compact.bin"));
        List<ClassDescriptor> descriptors = OtherVersionJvm.readDescriptors(writer.resolve("descriptors.bin"));
        ClassDescriptor note = descriptors.stream()
                .filter(descriptor -> DescriptorHeader.read(descriptor.bytes(), 0, descriptor.bytes().length)
                        .className().equals(NOTE))
                .findFirst().orElseThrow();
        descriptors.forEach(descriptor -> OneNioDescriptors.install(descriptor, READER));

        assertThat(OneNioDescriptors.install(note, READER)).isEqualTo(SchemaInstallation.CLASS_NOT_FOUND);
        MissingSchemaException missing = catchThrowableOfType(MissingSchemaException.class,
                () -> SessionSerializers.create("one-nio", READER).deserialize(data, Profile.class));
        assertThat(missing.uid()).as("the uid of the absent class, after the writer's profile was installed")
                .isEqualTo(note.uid());
    }
}
