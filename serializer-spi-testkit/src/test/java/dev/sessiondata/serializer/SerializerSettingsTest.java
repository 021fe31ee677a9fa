package dev.sessiondata.serializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.serializer.kit.SessionContextFixture;
import org.junit.jupiter.api.Test;

class SerializerSettingsTest {

    @Test
    void defaultsBoundPayloadDepthAndArrayLength() {
        SerializerSettings settings = SerializerSettings.defaults();
        assertThat(settings.maxPayloadBytes()).isEqualTo(SerializerSettings.DEFAULT_MAX_PAYLOAD_BYTES);
        assertThat(settings.maxDepth()).isEqualTo(SerializerSettings.DEFAULT_MAX_DEPTH);
        assertThat(settings.maxArrayLength()).isEqualTo(settings.maxPayloadBytes());
        assertThat(settings.allowedPackages()).isEmpty();
        assertThat(settings.registeredClasses()).isEmpty();
    }

    @Test
    void toBuilderDerivesAVariantAndLeavesTheOriginalAlone() {
        SerializerSettings original = SerializerSettings.builder().allowPackages("com.acme").maxDepth(10)
                .registerClasses(SessionContextFixture.class).build();
        SerializerSettings variant = original.toBuilder().allowPackages("org.example").build();
        assertThat(original.allowedPackages()).containsExactly("com.acme");
        assertThat(variant.allowedPackages()).containsExactlyInAnyOrder("com.acme", "org.example");
        assertThat(variant.maxDepth()).isEqualTo(10);
        assertThat(variant.registeredClasses()).containsExactly(SessionContextFixture.class);
        assertThat(original.toBuilder().build()).isEqualTo(original).hasSameHashCodeAs(original);
    }

    @Test
    void invalidArgumentsAreRefusedNamingTheArgument() {
        assertThatThrownBy(() -> SerializerSettings.builder().maxPayloadBytes(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxPayloadBytes");
        assertThatThrownBy(() -> SerializerSettings.builder().maxDepth(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDepth");
        assertThatThrownBy(() -> SerializerSettings.builder().allowPackages("com..acme"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("com..acme");
        assertThatThrownBy(() -> SerializerSettings.builder().allowPackages("com.acme."))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SerializerSettings.builder().allowPackages((String) null))
                .isInstanceOf(NullPointerException.class);
    }
}
