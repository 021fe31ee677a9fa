package dev.sessiondata.serializer.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.KitFixtures;
import dev.sessiondata.serializer.kit.KitSettings;
import dev.sessiondata.serializer.kit.SessionContextFixture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The settings' string limit holds in every format, bson4jackson's own parser included (depth: the kit). */
class JacksonReadLimitsTest {

    @ParameterizedTest
    @ValueSource(strings = {"jackson-json", "jackson-smile", "bson4jackson", "jackson-json-typed",
            "jackson-smile-typed", "bson4jackson-typed"})
    void aStringLongerThanMaxArrayLengthIsRefused(String id) {
        SessionContextFixture session = KitFixtures.sessionContext();
        session.setComment("x".repeat(5_000));
        byte[] data = SessionSerializers.create(id, KitSettings.strict()).serialize(session);
        SessionSerializer strict = SessionSerializers.create(id,
                KitSettings.strict().toBuilder().maxArrayLength(4_000).build());

        assertThat(SessionSerializers.create(id, KitSettings.strict()).deserialize(data, SessionContextFixture.class))
                .isEqualTo(session);
        assertThatThrownBy(() -> strict.deserialize(data, SessionContextFixture.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("String value length");
    }
}
