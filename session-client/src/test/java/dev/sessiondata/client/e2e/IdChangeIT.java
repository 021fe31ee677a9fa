package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.client.ConflictException;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionExistsException;
import dev.sessiondata.client.SessionNotFoundException;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.testsupport.TestServer;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** {@link SessionClient#changeId} against the real server: one conditional step, each refusal typed. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdChangeIT {

    private final Cart cart = new Cart("ada", Instant.parse("2026-11-22T04:00:00Z")).with("book", "12.50");
    private TestServer server;
    private SessionClient client;

    @BeforeAll
    void start() {
        server = TestServer.start();
        client = SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN)
                .serializerSettings(SerializerSettings.builder().allowPackages(Cart.class.getPackageName()).build())
                .registerClasses(Cart.class).build();
    }

    @AfterAll
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void aChangedIdHoldsTheSessionWithItsExpiryAndTheOldIdNothing() {
        String version = client.put("before-login", cart);
        Versioned<Cart> before = client.get("before-login", Cart.class).orElseThrow();

        String moved = client.changeId("before-login", "after-login", version);

        Versioned<Cart> after = client.get("after-login", Cart.class).orElseThrow();
        assertThat(after.value()).isEqualTo(cart);
        assertThat(after.version()).isEqualTo(moved).isNotEqualTo(version);
        assertThat(after.expiresAt()).isAfterOrEqualTo(before.expiresAt());
        assertThat(client.get("before-login", Cart.class)).isEmpty();
    }

    @Test
    void aDeletedSessionIsNotFoundAndNotBroughtBack() {
        client.put("logged-out", cart);
        client.delete("logged-out");

        assertThatThrownBy(() -> client.changeId("logged-out", "logged-out-new"))
                .isInstanceOf(SessionNotFoundException.class);
        assertThat(client.get("logged-out-new", Cart.class)).isEmpty();
    }

    @Test
    void aStaleVersionIsAConflictAndATakenIdASessionExistsRefusal() {
        String first = client.put("mine", cart);
        client.put("mine", cart.with("pen", "2.00"));
        client.put("theirs", cart);

        assertThatThrownBy(() -> client.changeId("mine", "mine-new", first)).isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> client.changeId("mine", "theirs")).isInstanceOf(SessionExistsException.class);
        assertThat(client.get("mine", Cart.class).orElseThrow().value()).isEqualTo(cart.with("pen", "2.00"));
        assertThat(client.get("mine-new", Cart.class)).isEmpty();
    }
}
