package dev.sessiondata.serializer.jackson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.IntruderProbe;
import dev.sessiondata.serializer.kit.KitSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Untyped Jackson reads a field as its declared type, which the payload does not name: a declared class outside the
 * allow-list is never constructed, only left null.
 */
class JacksonDeclaredTypesTest {

    private static final SerializerSettings SETTINGS = KitSettings.strict().toBuilder()
            .allowPackages("dev.sessiondata.serializer.jackson").build();

    @ParameterizedTest
    @ValueSource(strings = {"jackson-json", "jackson-smile"})
    void aDeclaredFieldOfAForeignClassIsRefusedBeforeItIsConstructed(String id) throws IOException {
        SessionSerializer serializer = SessionSerializers.create(id, SETTINGS);
        String json = "{\"name\":\"x\",\"intruder\":{\"command\":\"rm -rf /\"}}";
        byte[] data = id.equals("jackson-smile")
                ? new ObjectMapper(new SmileFactory()).writeValueAsBytes(new ObjectMapper().readTree(json))
                : json.getBytes(StandardCharsets.UTF_8);
        int constructionsBefore = IntruderProbe.constructions();
        int initializationsBefore = IntruderProbe.staticInitializations();

        assertThatThrownBy(() -> serializer.deserialize(data, DeclaresForeignField.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("dev.sessiondata.forbidden.Intruder");
        assertThat(IntruderProbe.constructions() - constructionsBefore).as("constructions").isZero();
        assertThat(IntruderProbe.staticInitializations() - initializationsBefore).as("initializations").isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jackson-json", "jackson-smile", "bson4jackson"})
    void aNullDeclaredFieldOfAForeignClassStillReads(String id) {
        SessionSerializer serializer = SessionSerializers.create(id, SETTINGS);
        DeclaresForeignField value = new DeclaresForeignField();
        value.name = "kept";

        DeclaresForeignField read = serializer.deserialize(serializer.serialize(value), DeclaresForeignField.class);

        assertThat(read.name).isEqualTo("kept");
        assertThat(read.intruder).isNull();
    }
}
