package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.server.support.RunningServer;
import org.junit.jupiter.api.Test;

/** A serializer or client configuration that cannot work stops the server at startup with a message saying what to fix. */
class StartupValidationIT {

    @Test
    void anActiveSerializerThatIsNotKnownFailsTheStartupListingTheKnownOnes() {
        assertThatThrownBy(() -> RunningServer.start("sessiondata.serializer.active=no-such-serializer"))
                .rootCause()
                .hasMessageContaining("sessiondata.serializer.active 'no-such-serializer' is not a known serializer")
                .hasMessageContaining("known: " + KnownSerializers.IDS);
    }

    @Test
    void anAcceptedSerializerThatIsNotKnownFailsTheStartupListingTheKnownOnes() {
        assertThatThrownBy(() -> RunningServer.start("sessiondata.serializer.accepted=kryo,one-nio,protobuf"))
                .rootCause()
                .hasMessageContaining("sessiondata.serializer.accepted names serializers that are not known: [protobuf]")
                .hasMessageContaining("known: " + KnownSerializers.IDS);
    }

    @Test
    void twoClientsWithTheSameTokenFailTheStartupNamingBoth() {
        assertThatThrownBy(() -> RunningServer.start(
                "sessiondata.security.clients[0].name=first",
                "sessiondata.security.clients[0].token=one-token-for-two-clients",
                "sessiondata.security.clients[1].name=second",
                "sessiondata.security.clients[1].token=one-token-for-two-clients"))
                .rootCause()
                .hasMessageContaining("'first'")
                .hasMessageContaining("'second'")
                .hasMessageContaining("same token");
    }
}
