package dev.sessiondata.server.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IndexPropertiesTest {

    @Test
    void theExpiryResolutionIsZeroToOneHour() {
        assertThat(withExpiryResolution(Duration.ZERO).expiryResolution()).isZero();
        assertThat(withExpiryResolution(Duration.ofHours(1)).expiryResolution()).isEqualTo(Duration.ofHours(1));
        assertThatThrownBy(() -> withExpiryResolution(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expiry-resolution");
        assertThatThrownBy(() -> withExpiryResolution(Duration.ofHours(1).plusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expiry-resolution");
    }

    private static IndexProperties withExpiryResolution(Duration resolution) {
        return new IndexProperties(Set.of("principal"), 256, 100, resolution);
    }
}
