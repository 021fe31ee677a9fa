package dev.sessiondata.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializers;
import java.io.Serializable;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The client checks registered classes at {@code build()} with each provider's cheap {@code refusalOf} and makes a
 * serializer only on its first use; so for every serializer module on the class path, {@code refusalOf} must refuse
 * exactly what making the serializer refuses, else a build would pass that the first write then fails.
 */
class RefusalsTest {

    /** Written by every serializer. */
    public static final class Writable implements Serializable {
        private static final long serialVersionUID = 1L;
        public String text = "text";
    }

    /** Not Serializable: refused by the serializers that need that, written by the others. */
    public static final class NotSerializable {
        public String text = "text";
    }

    static List<String> available() {
        return SessionSerializers.available();
    }

    @ParameterizedTest
    @MethodSource("available")
    void aProviderRefusesWithoutMakingExactlyWhatMakingItsSerializerRefuses(String id) {
        SerializerSettings plain = settings(NotSerializable.class);
        if (SessionSerializers.refusalOf(id, plain).isPresent()) {
            assertThat(SessionSerializers.refusalOf(id, plain).get()).contains(NotSerializable.class.getName());
            assertThatThrownBy(() -> SessionSerializers.create(id, plain)).isInstanceOf(RuntimeException.class);
        } else {
            assertThatCode(() -> SessionSerializers.create(id, plain)).doesNotThrowAnyException();
        }
        assertThat(SessionSerializers.refusalOf(id, settings(Writable.class))).isEmpty();
        assertThatCode(() -> SessionSerializers.create(id, settings(Writable.class))).doesNotThrowAnyException();
    }

    private static SerializerSettings settings(Class<?> registered) {
        return SerializerSettings.builder().allowPackages("dev.sessiondata.client").registerClasses(registered).build();
    }
}
