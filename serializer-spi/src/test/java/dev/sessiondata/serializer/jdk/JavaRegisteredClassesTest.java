package dev.sessiondata.serializer.jdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializers;
import java.io.Serializable;
import org.junit.jupiter.api.Test;

/** The java serializer refuses, when it is made, a registered class it could never write. */
class JavaRegisteredClassesTest {

    static final class Plain {
    }

    record Stamp(long at) implements Serializable {
    }

    @Test
    void aRegisteredClassThatIsNotSerializableIsRefusedAtCreation() {
        SerializerSettings settings = SerializerSettings.builder().allowPackages("dev.sessiondata.serializer.jdk")
                .registerClasses(Stamp.class, Plain.class).build();

        assertThatThrownBy(() -> SessionSerializers.create("java", settings))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("java cannot write " + Plain.class.getName() + ": it does not implement java.io.Serializable");
    }

    @Test
    void serializableClassesAndArraysAreAccepted() {
        SerializerSettings settings = SerializerSettings.builder().allowPackages("dev.sessiondata.serializer.jdk")
                .registerClasses(Stamp.class, Stamp[].class).build();

        assertThat(SessionSerializers.create("java", settings).serialize(new Stamp(7))).isNotEmpty();
    }
}
