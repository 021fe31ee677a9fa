package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

class ConnectionPropertiesTest {

    @Test
    void theConnectionBoundLeavesAQuarterOfTheDescriptorLimitToEverythingElse() {
        assertThat(ConnectionProperties.defaultMaxConnections(20_000)).isEqualTo(15_000);
        assertThat(ConnectionProperties.defaultMaxConnections(1_024)).isEqualTo(768);
        assertThat(ConnectionProperties.defaultMaxConnections(-1))
                .isEqualTo(ConnectionProperties.UNKNOWN_DESCRIPTOR_LIMIT_CONNECTIONS);
    }

    @Test
    void thePerAddressBoundIsAnEighthOfTheConnectionBoundWithinSixteenAndOneThousandAndTwentyFour() {
        assertThat(withMaxConnections(15_000).maxConnectionsPerAddress()).isEqualTo(1_024);
        assertThat(withMaxConnections(768).maxConnectionsPerAddress()).isEqualTo(96);
        assertThat(withMaxConnections(64).maxConnectionsPerAddress()).isEqualTo(16);
    }

    @Test
    void unsetTimeoutsAndThePipeliningBoundHaveTheirDefaults() {
        ConnectionProperties defaults = new ConnectionProperties(null, null, null, null, null, null, null, null);

        assertThat(defaults.headerTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(defaults.bodyTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(defaults.maxPipelinedRequests()).isEqualTo(16);
        assertThat(defaults.idleTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(defaults.minBodyRate()).isEqualTo(DataSize.ofKilobytes(64));
        assertThat(defaults.bodyRateGrace()).isEqualTo(Duration.ofSeconds(2));
        assertThat(defaults.maxConnections()).isPositive();
    }

    @Test
    void aBoundThatIsNotPositiveIsRefusedWithTheNamesOfTheProperties() {
        assertThatThrownBy(() -> new ConnectionProperties(0, null, null, null, null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sessiondata.server.connections");
        assertThatThrownBy(() -> new ConnectionProperties(null, null, Duration.ZERO, null, null, null, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        DataSize none = DataSize.ofBytes(0);
        assertThatThrownBy(() -> new ConnectionProperties(null, null, null, null, null, null, none, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("min-body-rate");
    }

    private static ConnectionProperties withMaxConnections(int maxConnections) {
        return new ConnectionProperties(maxConnections, null, null, null, null, null, null, null);
    }
}
