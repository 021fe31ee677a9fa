package dev.sessiondata.server.schema;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ClassDescriptor;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The server's reading of {@code fory-shared} type definition sets against golden bytes: the set Fory 1.6.0 (JDK 17)
 * wrote for the kit's {@code AddressFixture} (one compressed definition). Regenerate it only when the Fory version
 * changes, and keep {@code ForyTypeDefSet} in step.
 */
class ForyTypeDefSetFormatTest {

    private static final long UID = 0x15936d28d7ae328bL;
    private static final byte[] ADDRESS = HexFormat.of().parseHex("01000100413940aaa8e80b234a30064d0c95d4892921cd1826"
            + "0d489140168c923a52262df4031c492974a8bce91200260913c01415663dd29817d138641415364a7121261415");

    @Test
    void aSetForyWroteIsAcceptedWithItsUid() {
        assertThatCode(() -> ForyTypeDefSetFormat.verify(new ClassDescriptor(UID, ADDRESS)))
                .doesNotThrowAnyException();
    }

    @Test
    void aSetUnderAnotherUidOrWithOtherBytesIsRefused() {
        byte[] changed = ADDRESS.clone();
        changed[changed.length - 1] ^= 1;

        assertThatThrownBy(() -> ForyTypeDefSetFormat.verify(new ClassDescriptor(UID + 1, ADDRESS)))
                .isInstanceOf(InvalidDescriptorException.class).hasMessageContaining("digest");
        assertThatThrownBy(() -> ForyTypeDefSetFormat.verify(new ClassDescriptor(UID, changed)))
                .isInstanceOf(InvalidDescriptorException.class).hasMessageContaining("digest");
    }

    @Test
    void aDefinitionWhoseHeaderDisagreesWithItsLengthOrATruncatedSetIsRefused() {
        byte[] longer = Arrays.copyOf(ADDRESS, ADDRESS.length + 1);
        longer[4] = 0x42; // the definition is one byte longer than its header says
        longer[longer.length - 1] = 0;
        byte[] otherFormat = ADDRESS.clone();
        otherFormat[0] = 2;

        assertThatThrownBy(() -> ForyTypeDefSetFormat.verify(new ClassDescriptor(UID, Arrays.copyOf(ADDRESS, 20))))
                .hasMessageContaining("truncated");
        assertThatThrownBy(() -> ForyTypeDefSetFormat.verify(new ClassDescriptor(UID, longer)))
                .hasMessageContaining("definition 0");
        assertThatThrownBy(() -> ForyTypeDefSetFormat.verify(new ClassDescriptor(UID, otherFormat)))
                .hasMessageContaining("format 2");
    }
}
