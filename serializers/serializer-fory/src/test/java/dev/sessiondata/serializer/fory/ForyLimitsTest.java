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
}
