package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.example.ReadmeExample;
import dev.sessiondata.testsupport.TestServer;
import org.junit.jupiter.api.Test;

/** The README's usage example runs as written against a real server with its default configuration. */
class ReadmeExampleIT {

    @Test
    void theReadmeExampleRunsAsWritten() {
        try (TestServer server = TestServer.start()) {
            assertThat(ReadmeExample.run(server.baseUri(), TestServer.TOKEN)).containsExactly("book", "pen", "ink");
        }
    }
}
