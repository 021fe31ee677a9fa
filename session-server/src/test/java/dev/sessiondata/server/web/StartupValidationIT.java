package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.server.support.RunningServer;
import org.junit.jupiter.api.Test;

/** A serializer configuration that cannot work stops the server at startup with a message naming the property. */
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
}
