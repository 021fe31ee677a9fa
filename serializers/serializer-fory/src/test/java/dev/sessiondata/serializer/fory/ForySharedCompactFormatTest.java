package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.Channel;
import dev.sessiondata.serializer.kit.KitSettings;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** fory-shared names an enum constant once per payload, where Fory's defaults name it every time. */
class ForySharedCompactFormatTest {

    private final SessionSerializer serializer = SessionSerializers.create("fory-shared", KitSettings.strict());

    @Test
    void anEnumConstantIsNamedOncePerPayloadAndNumberedAfterwards() {
        ArrayList<Object> constants = new ArrayList<>(Collections.nCopies(1000, Channel.MOBILE));
        constants.add(Channel.BRANCH);
        constants.add(Channel.MOBILE);

        byte[] payload = serializer.serialize(constants);

        assertThat(payload.length).isLessThan(1000 + 100);
        assertThat(serializer.deserialize(payload, ArrayList.class)).isEqualTo(constants);
    }

    /** An enum whose constant has a body, so that Fory meets the class of that constant besides the enum's. */
    enum Priority {
        LOW,
        HIGH {
            @Override
            public String toString() {
                return "high";
            }
        }
    }

    @Test
    void constantsWithABodyShareTheirEnumsNumbering() {
        SessionSerializer local = SessionSerializers.create("fory-shared",
                SerializerSettings.builder().allowPackages("dev.sessiondata.serializer.fory").build());
        ArrayList<Object> constants = new ArrayList<>(List.of(Priority.HIGH, Priority.LOW, Priority.HIGH, Priority.LOW));

        assertThat(local.deserialize(local.serialize(constants), ArrayList.class)).isEqualTo(constants);
    }

    /** A name Fory writes in another coder than Latin-1 (Ω is not Latin-1), beside ones it writes in Latin-1. */
    enum Letter {
        ALPHA,
        \u03a9MEGA,
        \u00c9TA
    }

    /** More constants than a read compares names with one by one. */
    enum Code {
        C00, C01, C02, C03, C04, C05, C06, C07, C08, C09, C10, C11, C12, C13, C14, C15, C16, C17, C18, C19,
        C20, C21, C22, C23, C24, C25, C26, C27, C28, C29, C30, C31, C32, C33, C34, C35, C36, C37, C38, C39
    }

    @Test
    void namesInLatin1InAnotherCoderAndOfLargeEnumsAllReadBack() {
        SessionSerializer local = SessionSerializers.create("fory-shared",
                SerializerSettings.builder().allowPackages("dev.sessiondata.serializer.fory").build());
        ArrayList<Object> constants = new ArrayList<>(List.of(Letter.\u03a9MEGA, Letter.ALPHA, Letter.\u00c9TA,
                Letter.\u03a9MEGA, Code.C39, Code.C00, Code.C31, Code.C32, Code.C39, Letter.ALPHA));

        assertThat(local.deserialize(local.serialize(constants), ArrayList.class)).isEqualTo(constants);
    }

    @Test
    void aConstantNumberBeyondTheConstantsNamedSoFarIsCorruptInput() {
        byte[] payload = serializer.serialize(new ArrayList<>(List.of(Channel.WEB, Channel.WEB)));
        // the second constant is the last byte: number 1, the first constant this payload named
        assertThat(payload[payload.length - 1]).isEqualTo((byte) 1);
        payload[payload.length - 1] = 2;

        assertThatThrownBy(() -> serializer.deserialize(payload, ArrayList.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("constant number 2");
    }

    /** The Latin-1 name as the payload holds it: the index of its first byte, after a one-byte string header. */
    private static int nameAt(byte[] payload, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = payload.length - bytes.length; i > 0; i--) {
            if (Arrays.equals(payload, i, i + bytes.length, bytes, 0, bytes.length)) {
                assertThat(payload[i - 1]).as("Fory's header of a Latin-1 string of %d bytes", bytes.length)
                        .isEqualTo((byte) (bytes.length << 2));
                return i;
            }
        }
        throw new AssertionError(name + " is not in the payload");
    }

    @Test
    void aNameOfTheLengthOfAConstantsButNotItsIsRefused() {
        byte[] payload = serializer.serialize(new ArrayList<>(List.of(Channel.WEB)));
        payload[nameAt(payload, "WEB") + 2] = 'X';

        assertThatThrownBy(() -> serializer.deserialize(payload, ArrayList.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("no constant WEX");
    }

    @Test
    void aNameLongerThanTheBytesLeftIsRefused() {
        byte[] payload = serializer.serialize(new ArrayList<>(List.of(Channel.WEB)));
        payload[nameAt(payload, "WEB") - 1] = (byte) (31 << 2); // a Latin-1 string of 31 bytes, 3 left

        assertThatThrownBy(() -> serializer.deserialize(payload, ArrayList.class))
                .isInstanceOf(SerializationException.class);
    }
}
