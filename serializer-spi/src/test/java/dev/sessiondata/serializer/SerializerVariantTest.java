package dev.sessiondata.serializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SerializerVariantTest {

    /** A library's variants as a serializer module declares them. */
    private enum Variant implements SerializerVariant {
        PLAIN("plain"),
        FAST("plain-fast");

        private final String id;

        Variant(String id) {
            this.id = id;
        }

        @Override
        public String id() {
            return id;
        }
    }

    @Test
    void theIdsAreTheVariantsIdsInDeclarationOrder() {
        assertThat(SerializerVariant.ids(Variant.class)).containsExactly("plain", "plain-fast");
    }

    @Test
    void aVariantIsFoundByItsId() {
        assertThat(SerializerVariant.of(Variant.class, "plain-fast")).isEqualTo(Variant.FAST);
    }

    @Test
    void anIdOfAnotherLibraryIsRefusedWithTheIdsThereAre() {
        assertThatThrownBy(() -> SerializerVariant.of(Variant.class, "kryo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'kryo'")
                .hasMessageContaining("[plain, plain-fast]");
    }
}
