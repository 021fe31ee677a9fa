package dev.sessiondata.serializer.onenio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.serializer.SchemaInstallation;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.onenio.budget.Bystander;
import dev.sessiondata.serializer.onenio.budget.Crafted;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A writer whose sessions an application reads can craft well-formed, digest-correct descriptors. Those of classes
 * the reader does not allow cost it nothing, and those of one allowed class are capped per class, so neither uses up
 * the JVM's installation budget that the reader's other classes need.
 */
class DescriptorBudgetTest {

    private static final SerializerSettings READER = SerializerSettings.builder()
            .allowPackages("dev.sessiondata.serializer.onenio.budget")
            .build();

    @Test
    void aDescriptorOfAClassOutsideTheAllowListIsRefusedAndNotCounted() {
        SerializerSettings narrower = SerializerSettings.builder().allowClasses(Bystander.class).build();
        int installed = DescriptorInstaller.installed();

        assertThat(OneNioDescriptors.install(version(Crafted.class, 'z'), narrower))
                .isEqualTo(SchemaInstallation.NOT_ALLOWED);
        assertThat(DescriptorInstaller.installed()).isEqualTo(installed);
    }

    @Test
    void beyondSixteenVersionsOfOneClassItsNextIsRefusedWhileAnotherClassStillInstalls() {
        for (int i = 0; i < DescriptorInstaller.MAX_VERSIONS_PER_CLASS; i++) {
            assertThat(OneNioDescriptors.install(version(Crafted.class, (char) ('A' + i)), READER)).as("version " + i)
                    .isEqualTo(SchemaInstallation.INSTALLED);
        }
        int installed = DescriptorInstaller.installed();

        ClassDescriptor seventeenth = version(Crafted.class, (char) ('A' + DescriptorInstaller.MAX_VERSIONS_PER_CLASS));
        assertThatThrownBy(() -> OneNioDescriptors.install(seventeenth, READER))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining(Crafted.class.getName())
                .hasMessageContaining("at most 16 per class");
        assertThat(DescriptorInstaller.installed()).isEqualTo(installed);

        assertThat(OneNioDescriptors.install(version(Bystander.class, 'A'), READER))
                .isEqualTo(SchemaInstallation.INSTALLED);
    }

    /**
     * A well-formed descriptor of {@code type} whose first field's name ends in {@code last}, under the uid one-nio
     * computes from it: what a writer crafting versions sends.
     */
    private static ClassDescriptor version(Class<?> type, char last) {
        byte[] bytes = OneNioDescriptors.export(List.of(type)).stream()
                .filter(d -> header(d.bytes()).className().equals(type.getName()))
                .findFirst().orElseThrow().bytes();
        int uidOffset = 1 + 2 + (bytes[1] & 0xff) * 256 + (bytes[2] & 0xff);
        int firstFieldName = uidOffset + Long.BYTES + 2;
        int nameLength = (bytes[firstFieldName] & 0xff) * 256 + (bytes[firstFieldName + 1] & 0xff);
        bytes[firstFieldName + 2 + nameLength - 1] = (byte) last;
        long uid = header(bytes).contentUid(bytes);
        ByteBuffer.wrap(bytes).putLong(uidOffset, uid);
        return new ClassDescriptor(uid, bytes);
    }

    private static DescriptorHeader header(byte[] bytes) {
        return DescriptorHeader.read(bytes, 0, bytes.length);
    }
}
