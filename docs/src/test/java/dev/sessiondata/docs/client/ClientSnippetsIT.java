package dev.sessiondata.docs.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.testsupport.TestServer;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The manual's Java client samples run as written against a real server with its default configuration. */
class ClientSnippetsIT {

    @Test
    void theTourEndsWithTheThreeItemsAndNoSessionLeft() {
        try (TestServer server = TestServer.start()) {
            SessionClient sessions = onServer(server);
            ClientSnippets.connect(sessions);

            assertThat(ClientSnippets.tour(sessions)).containsExactly("book", "pen", "ink");
            assertThat(sessions.get("user-42", ShoppingCart.class)).isEqualTo(Optional.empty());
        }
    }

    @Test
    void theConditionalSampleCreatesReplacesAndDeletes() {
        try (TestServer server = TestServer.start()) {
            assertThat(ClientSnippets.conditional(onServer(server), new ShoppingCart().add("book"))).isTrue();
        }
    }

    private static SessionClient onServer(TestServer server) {
        return ClientSnippets.build(server.baseUri(), TestServer.TOKEN);
    }
}
