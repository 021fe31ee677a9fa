package dev.sessiondata.serializer.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.AddressFixture;
import dev.sessiondata.serializer.kit.IntruderProbe;
import dev.sessiondata.serializer.kit.KitSettings;
import dev.sessiondata.serializer.kit.SessionContextFixture;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Class names reach Jackson in more places than default typing's type ids; each is checked against the allow-list
 * before the class is loaded, so the foreign class's static initializer never runs.
 */
class JacksonAllowListTest {

    private static final SerializerSettings SETTINGS = KitSettings.strict().toBuilder()
            .allowPackages("dev.sessiondata.serializer.jackson").build();

    private int initializationsBefore;

    @BeforeEach
    void countInitializations() {
        initializationsBefore = IntruderProbe.staticInitializations();
    }

    /** A class initializes once per JVM, so this proves most for the first test; each test also checks its refusal. */
    @AfterEach
    void theForeignClassWasNeverInitialized() {
        assertThat(IntruderProbe.staticInitializations() - initializationsBefore)
                .as("static initializations of the foreign class").isZero();
    }

    @Test
    void aForeignClassAsTypeParameterOfAGenericTypeIdIsRefused() {
        // Jackson validates this id as java.util.ArrayList and would then load the parameter to build the type
        byte[] data = json("""
                {"@class":"dev.sessiondata.serializer.kit.SessionContextFixture",
                 "extra":["java.util.ArrayList<dev.sessiondata.forbidden.Intruder>",[]]}""");

        assertThatThrownBy(() -> serializer("jackson-json-typed").deserialize(data, SessionContextFixture.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("class dev.sessiondata.forbidden.Intruder is not allowed");
    }

    @Test
    void aForeignClassNamedThroughTheApplicationsOwnJsonTypeInfoIsRefused() {
        byte[] data = json("{\"payload\":{\"@class\":\"dev.sessiondata.forbidden.Intruder\",\"command\":\"rm -rf /\"}}");

        assertThatThrownBy(() -> serializer("jackson-json").deserialize(data, AnnotatedPayload.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("dev.sessiondata.forbidden.Intruder");
    }

    @Test
    void aForeignClassAsTheValueOfAClassFieldIsRefused() {
        byte[] data = json("{\"kind\":\"dev.sessiondata.forbidden.Intruder\"}");

        assertThatThrownBy(() -> serializer("jackson-json").deserialize(data, AnnotatedPayload.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("dev.sessiondata.forbidden.Intruder");
    }

    @Test
    void allowListedClassesStillReadThroughTheseRoutes() {
        AnnotatedPayload value = new AnnotatedPayload();
        value.payload = new AddressFixture("Paradeplatz 8", "Zürich", "8001");
        value.kind = AddressFixture.class;
        SessionSerializer json = serializer("jackson-json");

        AnnotatedPayload read = json.deserialize(json.serialize(value), AnnotatedPayload.class);

        assertThat(read.payload).isEqualTo(value.payload);
        assertThat(read.kind).isEqualTo(AddressFixture.class);
    }

    private static SessionSerializer serializer(String id) {
        return SessionSerializers.create(id, SETTINGS);
    }

    private static byte[] json(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
