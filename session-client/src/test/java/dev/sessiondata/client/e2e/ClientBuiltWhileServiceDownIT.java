package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionTransportException;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.testsupport.TestServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * Building is not connecting: an application whose client is built while the service is down starts, its first call
 * fails with the usual transport error (a read's own request, a write's handshake), and the same client works once
 * the service is up.
 */
class ClientBuiltWhileServiceDownIT {

    @Test
    void aClientBuiltWhileTheServiceIsDownBuildsFailsItsFirstCallAndWorksOnceTheServiceIsUp() throws IOException {
        int port = freePort();
        SessionClient client = SessionClient.builder()
                .baseUri(URI.create("http://127.0.0.1:" + port))
                .token(TestServer.TOKEN)
                .build();

        assertThatThrownBy(() -> client.get("down-then-up", String.class))
                .isInstanceOf(SessionTransportException.class)
                .hasMessageContaining("GET /api/v1/sessions/down-then-up");
        assertThatThrownBy(() -> client.put("down-then-up", "never written"))
                .isInstanceOf(SessionTransportException.class)
                .hasMessageContaining("GET /api/v1/serializers");

        try (TestServer ignored = TestServer.start("server.port=" + port, "sessiondata.serializer.active=java")) {
            String version = client.put("down-then-up", "written once the service was up");

            assertThat(client.get("down-then-up", String.class)).map(Versioned::value)
                    .contains("written once the service was up");
            assertThat(client.get("down-then-up", String.class)).map(Versioned::version).contains(version);
            assertThat(client.fetchActiveSerializer()).isEqualTo("java");
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
