package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.server.support.RunningServer;
import org.junit.jupiter.api.Test;

/** A serializer configuration that cannot work stops the server at startup with a message naming the property. */
class StartupValidationIT {

    @Test
    void anActiveSerializerThatIsNotAvailableFailsTheStartup() {
        assertThatThrownBy(() -> RunningServer.start("sessiondata.serializer.active=no-such-serializer"))
                .rootCause()
                .hasMessageContaining("sessiondata.serializer.active 'no-such-serializer' is not an available serializer")
                .hasMessageContaining("available: [");
    }
}
