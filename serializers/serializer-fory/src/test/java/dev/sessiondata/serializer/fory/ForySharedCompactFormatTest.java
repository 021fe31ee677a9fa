package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.Channel;
import dev.sessiondata.serializer.kit.KitSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What fory-shared writes more compactly than Fory's defaults: enum constants named once, instants. */
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

    @Test
    void aConstantNumberBeyondTheConstantsNamedSoFarIsCorruptInput() {
        byte[] payload = serializer.serialize(new ArrayList<>(List.of(Channel.WEB, Channel.WEB)));
        // the second constant is the last byte: number 1, the first constant this payload named
        assertThat(payload[payload.length - 1]).isEqualTo((byte) 1);
        payload[payload.length - 1] = 2;

        assertThatThrownBy(() -> serializer.deserialize(payload, ArrayList.class))
                .isInstanceOf(SerializationException.class).hasMessageContaining("constant number 2");
    }

    @Test
    void instantsOfTheWholeRangeRoundTrip() {
        ArrayList<Object> instants = new ArrayList<>(List.of(Instant.MIN, Instant.MAX, Instant.EPOCH,
                Instant.ofEpochSecond(-1, 999_999_999), Instant.parse("2026-03-14T09:26:53.589793238Z")));

        assertThat(serializer.deserialize(serializer.serialize(instants), ArrayList.class)).isEqualTo(instants);
    }
}
