package dev.sessiondata.serializer.jackson;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.AddressFixture;
import dev.sessiondata.serializer.kit.KitFixtures;
import dev.sessiondata.serializer.kit.KitSettings;
import dev.sessiondata.serializer.kit.SessionContextFixture;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** How the mapper core maps session classes: by their fields, tolerant of new fields, typed where asked. */
class JacksonMappingTest {

    private static final SerializerSettings SETTINGS = KitSettings.strict().toBuilder()
            .allowPackages("dev.sessiondata.serializer.jackson").build();

    /** A class with private fields and no accessors at all. */
    static final class PrivateFields {
        private String name;
        private int count;

        private PrivateFields() {
        }

        PrivateFields(String name, int count) {
            this.name = name;
            this.count = count;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PrivateFields that && count == that.count && name.equals(that.name);
        }

        @Override
        public int hashCode() {
            return name.hashCode() * 31 + count;
        }
    }

    /** A record, the other shape a session DTO takes. */
    record Preferences(String locale, boolean darkMode) {
    }

    @ParameterizedTest
    @ValueSource(strings = {"jackson-json", "jackson-smile", "bson4jackson", "jackson-json-typed",
            "jackson-smile-typed", "bson4jackson-typed"})
    void classesWithPrivateFieldsOnlyAndRecordsRoundTrip(String id) {
        SessionSerializer serializer = SessionSerializers.create(id, SETTINGS);
        PrivateFields fields = new PrivateFields("steps", 3);
        Preferences preferences = new Preferences("de-CH", true);

        assertThat(serializer.deserialize(serializer.serialize(fields), PrivateFields.class)).isEqualTo(fields);
        assertThat(serializer.deserialize(serializer.serialize(preferences), Preferences.class)).isEqualTo(preferences);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jackson-json", "jackson-smile", "bson4jackson"})
    void aFieldTheReaderDoesNotKnowIsSkipped(String id) {
        SessionSerializer serializer = SessionSerializers.create(id, SETTINGS);
        Map<String, Object> newerAddress = new LinkedHashMap<>();
        newerAddress.put("street", "Bahnhofstrasse 1");
        newerAddress.put("planet", "Earth");
        newerAddress.put("city", "Zürich");

        assertThat(serializer.deserialize(serializer.serialize(newerAddress), AddressFixture.class))
                .isEqualTo(new AddressFixture("Bahnhofstrasse 1", "Zürich", null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"jackson-json-typed"})
    void aFieldTheTypedReaderDoesNotKnowIsSkipped(String id) {
        byte[] newerAddress = """
                {"@class":"dev.sessiondata.serializer.kit.AddressFixture","street":"Bahnhofstrasse 1",
                 "planet":"Earth","city":"Zürich"}""".getBytes(StandardCharsets.UTF_8);

        assertThat(SessionSerializers.create(id, SETTINGS).deserialize(newerAddress, AddressFixture.class))
                .isEqualTo(new AddressFixture("Bahnhofstrasse 1", "Zürich", null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"jackson-json-typed", "jackson-smile-typed", "bson4jackson-typed"})
    void anObjectFieldHoldingADtoReadsBackAsThatDto(String id) {
        SessionSerializer serializer = SessionSerializers.create(id, SETTINGS);
        SessionContextFixture session = sessionWithAnAddressAsExtra();

        assertThat(serializer.deserialize(serializer.serialize(session), SessionContextFixture.class))
                .isEqualTo(session);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jackson-json", "jackson-smile", "bson4jackson"})
    void anObjectFieldHoldingADtoReadsBackAsAMapWithoutClassNames(String id) {
        SessionSerializer serializer = SessionSerializers.create(id, SETTINGS);
        SessionContextFixture session = sessionWithAnAddressAsExtra();

        Object extra = serializer.deserialize(serializer.serialize(session), SessionContextFixture.class).getExtra();

        assertThat(extra).isEqualTo(Map.of("street", "Paradeplatz 8", "city", "Zürich", "postalCode", "8001"));
    }

    private static SessionContextFixture sessionWithAnAddressAsExtra() {
        SessionContextFixture session = KitFixtures.sessionContext();
        session.setExtra(new AddressFixture("Paradeplatz 8", "Zürich", "8001"));
        return session;
    }
}
