package dev.sessiondata.serializer.fory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.kit.IntruderProbe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForyLimitsTest {

    @Test
    void aClassValueNamingAClassOutsideTheAllowListIsRefused() throws ClassNotFoundException {
        int initializations = IntruderProbe.staticInitializations();
        Class<?> foreign = Class.forName("dev.sessiondata.forbidden.Intruder", false, getClass().getClassLoader());
        byte[] payload = SessionSerializers.create("fory",
                        SerializerSettings.builder().allowPackages("dev.sessiondata.forbidden").build())
                .serialize(new ArrayList<>(List.of(foreign)));

        assertThatThrownBy(() -> SessionSerializers.create("fory", SerializerSettings.defaults())
                .deserialize(payload, Object.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("dev.sessiondata.forbidden.Intruder");
        assertThat(IntruderProbe.staticInitializations()).isEqualTo(initializations);
    }

    @Test
    void nestingDeeperThanMaxDepthIsRefused() {
        List<Object> nested = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            nested = new ArrayList<>(List.of(nested));
        }
        byte[] payload = SessionSerializers.create("fory", SerializerSettings.defaults()).serialize(nested);
        SessionSerializer shallow = SessionSerializers.create("fory", SerializerSettings.builder().maxDepth(8).build());

        assertThatThrownBy(() -> shallow.deserialize(payload, ArrayList.class))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("depth");
    }
}
