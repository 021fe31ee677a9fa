package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.IndexedSession;
import dev.sessiondata.client.SessionServiceException;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.client.ConflictException;
import dev.sessiondata.client.ForbiddenException;
import dev.sessiondata.client.PayloadTooLargeException;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionClientBuilder;
import dev.sessiondata.client.SessionNotFoundException;
import dev.sessiondata.client.UnauthorizedException;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.client.WriteOptions;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.testsupport.TestServer;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every client operation against the real server (memory store, one-nio active), over real HTTP. */
class SessionClientIT {

    private static TestServer server;
    private static SessionClient client;

    @BeforeAll
    static void startServer() {
        server = TestServer.start("sessiondata.serializer.active=one-nio", "sessiondata.session.max-size=4KB");
        client = builder(TestServer.TOKEN).build();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    static SessionClientBuilder builder(String token) {
        return SessionClient.builder()
                .baseUri(server.baseUri())
                .token(token)
                .serializerSettings(SerializerSettings.builder().allowPackages("dev.sessiondata.client.e2e").build())
                .registerClasses(Cart.class);
    }

    private static Cart cart() {
        return new Cart("ada", Instant.parse("2026-11-22T04:00:00Z")).with("book", "12.50");
    }

    @Test
    void aWrittenSessionReadsBackWithItsVersionAndExpiry() {
        Instant before = Instant.now();
        String version = client.put("cart-read", cart(), WriteOptions.ttl(Duration.ofMinutes(5)));

        Versioned<Cart> read = client.get("cart-read", Cart.class).orElseThrow();

        assertThat(read.value()).isEqualTo(cart());
        assertThat(read.version()).isEqualTo(version);
        assertThat(read.expiresAt()).isBetween(before.plus(Duration.ofMinutes(4)), before.plus(Duration.ofMinutes(6)));
        assertThat(read.serializerId()).isEqualTo(KnownSerializers.ONE_NIO);
        assertThat(client.fetchActiveSerializer()).isEqualTo(KnownSerializers.ONE_NIO);
    }

    /**
     * A write with a principal lists the session under it, with the version the write answered; the index values are
     * the last write's, so a write without the principal takes the session off, as a delete does.
     */
    @Test
    void theSessionsOfAPrincipalAreThoseWhoseLastWriteNamedIt() {
        WriteOptions ada = WriteOptions.ttl(Duration.ofMinutes(5)).withPrincipal("ada lovelace, countess+1");
        String first = client.put("principal-1", cart(), ada);
        String second = client.put("principal-2", cart(), ada.withIndex("principal", "ada lovelace, countess+1"));
        client.put("principal-3", cart(), WriteOptions.defaults().withPrincipal("charles"));

        assertThat(client.sessionsOf(SessionApi.PRINCIPAL_INDEX, "ada lovelace, countess+1")).containsExactly(
                new IndexedSession("principal-1", first), new IndexedSession("principal-2", second));

        client.put("principal-2", cart());
        client.delete("principal-1");

        assertThat(client.sessionsOf(SessionApi.PRINCIPAL_INDEX, "ada lovelace, countess+1")).isEmpty();
        assertThat(client.sessionsOf(SessionApi.PRINCIPAL_INDEX, "charles")).extracting(IndexedSession::id)
                .containsExactly("principal-3");
        assertThatThrownBy(() -> client.sessionsOf("tenant", "acme")).isInstanceOf(SessionServiceException.class)
                .satisfies(refused -> assertThat(((SessionServiceException) refused).problem().type())
                        .isEqualTo(ProblemType.INVALID_INDEX.uri()));
    }

    @Test
    void conditionalWritesCreateOnceAndReplaceOnlyTheExpectedVersion() {
        String version = client.putIfAbsent("cart-cas", cart()).orElseThrow();
        assertThat(client.putIfAbsent("cart-cas", cart())).isEmpty();
        assertThat(client.get("cart-cas", Cart.class).orElseThrow().version()).isEqualTo(version);

        String replaced = client.replace("cart-cas", cart().with("pen", "2.00"), version);

        assertThat(replaced).isNotEqualTo(version);
        assertThatThrownBy(() -> client.replace("cart-cas", cart(), version))
                .isInstanceOfSatisfying(ConflictException.class, e -> assertThat(e.problem().problemType())
                        .contains(ProblemType.PRECONDITION_FAILED));
        assertThat(client.get("cart-cas", Cart.class).orElseThrow().value().items()).hasSize(2);
    }

    @Test
    void updateAppliesTheChangeToTheStoredValue() {
        client.put("cart-update", cart());

        Cart updated = client.update("cart-update", Cart.class, cart -> cart.with("ink", "7.25"));

        assertThat(client.get("cart-update", Cart.class).orElseThrow().value()).isEqualTo(updated);
        assertThat(updated.items()).hasSize(2);
    }

    @Test
    void everyWriteFormWithAnExplicitTtlGivesTheSessionThatTtl() {
        Duration eightHours = Duration.ofHours(8);
        Instant before = Instant.now();

        client.put("cart-ttl-put", cart(), WriteOptions.ttl(eightHours));
        assertThat(client.putIfAbsent("cart-ttl-absent", cart(), WriteOptions.ttl(eightHours))).isPresent();
        client.put("cart-ttl-replace", cart(), WriteOptions.ttl(Duration.ofMinutes(1)));
        String version = client.get("cart-ttl-replace", Cart.class).orElseThrow().version();
        client.replace("cart-ttl-replace", cart().with("pen", "2.00"), version, WriteOptions.ttl(eightHours));
        client.put("cart-ttl-update", cart(), WriteOptions.ttl(Duration.ofMinutes(1)));
        client.update("cart-ttl-update", Cart.class, cart -> cart.with("ink", "7.25"), WriteOptions.ttl(eightHours));

        Instant after = Instant.now();
        for (String id : new String[] {"cart-ttl-put", "cart-ttl-absent", "cart-ttl-replace", "cart-ttl-update"}) {
            assertThat(client.get(id, Cart.class).orElseThrow().expiresAt()).as(id)
                    .isBetween(before.plus(eightHours).minusSeconds(1), after.plus(eightHours).plusSeconds(1));
        }
    }

    @Test
    void touchDeleteAndAbsentSessions() {
        client.put("cart-gone", cart());
        client.touch("cart-gone");

        assertThat(client.delete("cart-gone")).isTrue();
        assertThat(client.delete("cart-gone")).isFalse();
        assertThat(client.get("cart-gone", Cart.class)).isEmpty();
        assertThatThrownBy(() -> client.touch("cart-gone")).isInstanceOf(SessionNotFoundException.class);
        assertThatThrownBy(() -> client.update("cart-gone", Cart.class, cart -> cart))
                .isInstanceOf(SessionNotFoundException.class);
    }

    @Test
    void aConditionalDeleteDeletesOnlyTheVersionItWasGiven() {
        String first = client.put("cart-delete-if", cart());
        String second = client.replace("cart-delete-if", cart().with("pen", "2.00"), first);

        assertThatThrownBy(() -> client.delete("cart-delete-if", first))
                .isInstanceOfSatisfying(ConflictException.class, e -> assertThat(e.problem().problemType())
                        .contains(ProblemType.PRECONDITION_FAILED));
        assertThat(client.get("cart-delete-if", Cart.class)).as("a stale version deletes nothing").isPresent();

        assertThat(client.delete("cart-delete-if", second)).isTrue();
        assertThat(client.get("cart-delete-if", Cart.class)).isEmpty();
        assertThat(client.delete("cart-delete-if", second)).as("absent").isFalse();
    }

    @Test
    void aWrongTokenFailsTheHandshakeAndAReadTokenCannotWrite() {
        assertThatThrownBy(() -> builder("not-a-token-the-server-knows").build().connect())
                .isInstanceOfSatisfying(UnauthorizedException.class, e -> assertThat(e.problem().problemType())
                        .contains(ProblemType.UNAUTHORIZED));

        SessionClient reader = builder(TestServer.READ_TOKEN).build();
        client.put("cart-read-only", cart());
        assertThat(reader.get("cart-read-only", Cart.class)).isPresent();
        assertThatThrownBy(() -> reader.put("cart-read-only", cart()))
                .isInstanceOfSatisfying(ForbiddenException.class, e -> assertThat(e.status()).isEqualTo(403));
    }

    @Test
    void aSessionOverTheServersSizeLimitIsRefusedWithItsProblem() {
        Cart big = cart();
        for (int i = 0; i < 400; i++) {
            big = big.with("sku-" + i, "1.00");
        }
        Cart tooBig = big;

        assertThatThrownBy(() -> client.put("cart-big", tooBig))
                .isInstanceOfSatisfying(PayloadTooLargeException.class, e -> assertThat(e.problem().problemType())
                        .contains(ProblemType.PAYLOAD_TOO_LARGE));
    }
}
