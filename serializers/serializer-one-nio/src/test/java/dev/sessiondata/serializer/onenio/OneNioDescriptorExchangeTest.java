package dev.sessiondata.serializer.onenio;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.serializer.MissingSchemaException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.IntruderProbe;
import dev.sessiondata.serializer.kit.KitFixtures;
import dev.sessiondata.serializer.kit.SessionContextFixture;
import dev.sessiondata.serializer.SchemaInstallation;
import dev.sessiondata.serializer.onenio.evolution.Profile;
import dev.sessiondata.serializer.onenio.evolution.Tier;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client issue's scenario at the serializer level: a separate JVM with another version of {@link Profile} writes
 * in compact mode and exports its descriptors; this JVM cannot read the data until it installs them, and then reads
 * every field both versions share.
 */
class OneNioDescriptorExchangeTest {

    private static final SerializerSettings READER = SerializerSettings.builder()
            .allowPackages("dev.sessiondata.serializer.onenio.evolution")
            .registerClasses(Profile.class)
            .build();

    private static Path writer;

    @BeforeAll
    static void writeWithAnotherVersionOfTheClass(@TempDir Path dir) throws Exception {
        writer = OtherVersionJvm.write(dir, OtherVersionJvm.profileV1(""));
    }

    @Test
    void compactDataOfAnotherClassVersionReadsOnceItsDescriptorsAreInstalled() throws IOException {
        SessionSerializer reader = SessionSerializers.create("one-nio", READER);
        byte[] data = Files.readAllBytes(writer.resolve("compact.bin"));
        List<ClassDescriptor> descriptors = OtherVersionJvm.readDescriptors(writer.resolve("descriptors.bin"));

        MissingSchemaException missing = catchThrowableOfType(MissingSchemaException.class,
                () -> reader.deserialize(data, Profile.class));
        assertThat(missing.serializerId()).isEqualTo("one-nio");
        assertThat(descriptors).extracting(ClassDescriptor::uid).contains(missing.uid());

        Map<SchemaInstallation, Integer> outcomes = new LinkedHashMap<>();
        for (ClassDescriptor descriptor : descriptors) {
            outcomes.merge(OneNioDescriptors.install(descriptor, READER), 1, Integer::sum);
        }
        assertThat(outcomes).containsEntry(SchemaInstallation.INSTALLED, 1).containsEntry(SchemaInstallation.NOT_ALLOWED, 1);

        Profile read = reader.deserialize(data, Profile.class);
        assertThat(read.userId()).isEqualTo("user-4711");
        assertThat(read.displayName()).isEqualTo("Zoë");
        assertThat(read.tier()).isEqualTo(Tier.GOLD);
        assertThat(read.createdAt()).isEqualTo(Instant.parse("2026-11-22T03:20:08.123456789Z"));
        assertThat(read.lastLogin()).isEqualTo(LocalDateTime.of(2026, 11, 21, 23, 59, 58, 987_654_321));
        assertThat(read.address().street()).isEqualTo("Bahnhofstrasse 1");
        assertThat(read.address().city()).isEqualTo("Zürich");
        assertThat(read.readerOnly()).isNull();
    }

    @Test
    void aDescriptorOutsideTheAllowListIsRefusedWithoutLoadingItsClass() throws IOException {
        int initializations = IntruderProbe.staticInitializations();
        List<ClassDescriptor> intruders = OtherVersionJvm.readDescriptors(writer.resolve("descriptors.bin")).stream()
                .filter(descriptor -> DescriptorHeader.read(descriptor.bytes(), 0, descriptor.bytes().length)
                        .className().equals("dev.sessiondata.forbidden.Intruder"))
                .toList();

        assertThat(intruders).hasSize(1);
        assertThat(OneNioDescriptors.install(intruders.get(0), READER)).isEqualTo(SchemaInstallation.NOT_ALLOWED);
        assertThat(IntruderProbe.staticInitializations()).isEqualTo(initializations);
    }

    @Test
    void aDescriptorWhoseUidIsNotTheDigestOfItsContentIsRejected() throws IOException {
        ClassDescriptor profile = OtherVersionJvm.readDescriptors(writer.resolve("descriptors.bin")).get(0);
        byte[] bytes = profile.bytes();
        DescriptorHeader header = DescriptorHeader.read(bytes, 0, bytes.length);
        int uidOffset = 3 + header.className().length();
        bytes[uidOffset + 7] ^= 1;
        ClassDescriptor forged = new ClassDescriptor(profile.uid() ^ 1, bytes);

        assertThatThrownBy(() -> OneNioDescriptors.install(forged, READER))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("is not the digest");
    }

    @Test
    void exportedDescriptorsCoverEveryClassReachableFromTheRegisteredOnes() {
        List<String> exported = OneNioDescriptors.export(List.of(SessionContextFixture.class)).stream()
                .map(descriptor -> DescriptorHeader.read(descriptor.bytes(), 0, descriptor.bytes().length).className())
                .toList();

        assertThat(exported).contains("dev.sessiondata.serializer.kit.SessionContextFixture",
                "dev.sessiondata.serializer.kit.AddressFixture", "dev.sessiondata.serializer.kit.Channel",
                "java.time.Instant", "java.time.LocalDateTime", "java.time.LocalDate", "java.time.Duration");
        assertThat(exported).as("this library's own BigDecimal serializer is never exchanged")
                .doesNotContain(BigDecimal.class.getName());
    }

    @Test
    void installingWhatThisJvmExportedChangesNothing() {
        SessionSerializer serializer = SessionSerializers.create("one-nio", kitSettings());
        byte[] data = serializer.serialize(KitFixtures.sessionContext());

        for (ClassDescriptor descriptor : OneNioDescriptors.export(List.of(SessionContextFixture.class))) {
            assertThat(OneNioDescriptors.install(descriptor, kitSettings())).isEqualTo(SchemaInstallation.ALREADY_KNOWN);
        }
        assertThat(serializer.deserialize(data, SessionContextFixture.class)).isEqualTo(KitFixtures.sessionContext());
    }

    private static SerializerSettings kitSettings() {
        return dev.sessiondata.serializer.kit.KitSettings.strict();
    }
}
