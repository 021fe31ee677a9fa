package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.Channel;
import dev.sessiondata.serializer.kit.KitSettings;
import java.util.ArrayList;
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

    @Test
    void aConstantNumberBeyondTheConstantsNamedSoFarIsCorruptInput() {
        byte[] payload = serializer.serialize(new ArrayList<>(List.of(Channel.WEB, Channel.WEB)));
        // the second constant is the last byte: number 1, the first constant this payload named
        assertThat(payload[payload.length - 1]).isEqualTo((byte) 1);
        payload[payload.length - 1] = 2;

        assertThatThrownBy(() -> serializer.deserialize(payload, ArrayList.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("constant number 2");
    }
}
