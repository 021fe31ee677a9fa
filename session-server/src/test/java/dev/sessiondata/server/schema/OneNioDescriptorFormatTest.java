package dev.sessiondata.server.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ClassDescriptor;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The server's reading of One Nio descriptors against golden bytes: each was written by one-nio 2.3.0's
 * {@code Serializer.serialize(Repository.get(cls))} (JDK 17), with the uid one-nio computed. Regenerate them only
 * when the One Nio version changes, and keep the server's format in step.
 */
class OneNioDescriptorFormatTest {

    /** {@code class Dto { int a; String name; List<String> tags; Color c; Instant at; }}, a GeneratedSerializer. */
    private static final String DTO = "cd000747656e2444746f6235c3519581806800050001610000046e616d65ff00106a6176612e6c616e"
            + "672e537472696e67000474616773ff000e6a6176612e7574696c2e4c697374000163ff000947656e24436f6c6f720002617"
            + "4ff00116a6176612e74696d652e496e7374616e74";

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "Dto (generated), 6235c35195818068, " + DTO,
        "enum Color, 3b9bc2be064813b1, d1000947656e24436f6c6f723b9bc2be064813b1000200035245440005475245454e",
        "BigDecimal, 1f0783b0b52e18a7, cd00146a6176612e6d6174682e426967446563696d616c1f0783b0b52e18a700020006696e7456616cff00146a6176612e6d6174682e426967496e746567657200057363616c6500",
        "Instant (java.time), 4de9450bdef40234, c300116a6176612e74696d652e496e7374616e744de9450bdef40234",
        "List.of (collection), 1097ca994f720574, d000246a6176612e7574696c2e496d6d757461626c65436f6c6c656374696f6e73244c6973744e1097ca994f720574",
        "String[][] (object array), 4d162f91fe32734f, d200145b5b4c6a6176612e6c616e672e537472696e673b4d162f91fe32734f",
        "EnumMap (map), 17b24f45ec520408, cf00116a6176612e7574696c2e456e756d4d617017b24f45ec520408",
        "UUID (primitive fields), 0c5983ab4128ed3f, cd000e6a6176612e7574696c2e555549440c5983ab4128ed3f0002000b6d6f73745369674269747301000c6c656173745369674269747301"
    })
    void everyKindOneNioWritesIsAcceptedWithItsUid(String what, String uid, String hex) {
        ClassDescriptor descriptor = new ClassDescriptor(ClassDescriptor.uidFromHex(uid), HexFormat.of().parseHex(hex));

        assertThatCode(() -> OneNioDescriptorFormat.verify(descriptor)).doesNotThrowAnyException();
    }

    @Test
    void garbageUnderTheUidOfARealDescriptorIsRefused() {
        ClassDescriptor squatter = new ClassDescriptor(0x1097ca994f720574L, new byte[] {1, 2, 3, 4});

        assertThatThrownBy(() -> OneNioDescriptorFormat.verify(squatter)).isInstanceOf(InvalidDescriptorException.class);
    }

    @Test
    void aWellFormedDescriptorUnderAnotherUidIsRefused() {
        byte[] dto = HexFormat.of().parseHex(DTO);

        assertThatThrownBy(() -> OneNioDescriptorFormat.verify(new ClassDescriptor(0x1097ca994f720574L, dto)))
                .isInstanceOf(InvalidDescriptorException.class).hasMessageContaining("of uid 6235c35195818068");
    }

    @Test
    void aDescriptorWhoseContentChangedButNotItsUidIsRefused() {
        byte[] dto = HexFormat.of().parseHex(DTO);
        dto[dto.length - 1] = 'X'; // Instant -> InstanX: what a squatter would change to redirect a field

        assertThatThrownBy(() -> OneNioDescriptorFormat.verify(new ClassDescriptor(0x6235c35195818068L, dto)))
                .isInstanceOf(InvalidDescriptorException.class).hasMessageContaining("digest");
    }

    @Test
    void truncatedOrTrailingBytesAndOtherKindsAreRefused() {
        byte[] dto = HexFormat.of().parseHex(DTO);
        long uid = 0x6235c35195818068L;
        byte[] trailing = Arrays.copyOf(dto, dto.length + 1);
        byte[] methodSerializer = dto.clone();
        methodSerializer[0] = -57;

        assertThatThrownBy(() -> OneNioDescriptorFormat.verify(new ClassDescriptor(uid, Arrays.copyOf(dto, 30))))
                .hasMessageContaining("truncated");
        assertThatThrownBy(() -> OneNioDescriptorFormat.verify(new ClassDescriptor(uid, trailing)))
                .hasMessageContaining("1 bytes after");
        assertThatThrownBy(() -> OneNioDescriptorFormat.verify(new ClassDescriptor(uid, methodSerializer)))
                .hasMessageContaining("tag -57");
    }

    @Test
    void theTestDescriptorsAreValid() {
        ClassDescriptor descriptor = TestDescriptors.of("com.example.Cart");

        assertThatCode(() -> OneNioDescriptorFormat.verify(descriptor)).doesNotThrowAnyException();
        assertThat(TestDescriptors.of("com.example.Cart2").uid()).isNotEqualTo(descriptor.uid());
    }
}
