package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.client.OutcomeUnknownException;
import dev.sessiondata.client.ServiceUnavailableException;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.client.WriteOptions;
import dev.sessiondata.testsupport.RedisProcess;
import dev.sessiondata.testsupport.TestServer;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A store that applies a write after the server stopped waiting for it: a Redis of the test's own whose writes are
 * held ({@code CLIENT PAUSE ... WRITE}) longer than the server's command timeout, so the write is answered {@code 504}
 * {@code store-outcome-unknown} and stored once the pause ends. The client types the answer, and {@code update}
 * applies its change once, not twice.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OutcomeUnknownIT {

    private static final Duration COMMAND_TIMEOUT = Duration.ofMillis(300);
    private static final Duration WRITES_HELD = Duration.ofMillis(900);

    private RedisProcess redis;
    private TestServer server;
    private SessionClient client;

    @BeforeAll
    void start() throws Exception {
        RedisProcess.assumeInstalled("OutcomeUnknownIT");
        redis = RedisProcess.startOnFreePort();
        server = TestServer.start("sessiondata.store.type=redis", "spring.data.redis.url=" + redis.url(),
                "spring.data.redis.timeout=" + COMMAND_TIMEOUT.toMillis() + "ms");
        client = SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN)
                .updateBackoff(Duration.ofMillis(200), Duration.ofMillis(400)).build();
    }

    @AfterAll
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        if (redis != null) {
            redis.close();
        }
    }

    @Test
    void aWriteTheStoreDidNotConfirmIsAnOutcomeUnknownAndIsStoredAfterAll() throws Exception {
        client.put("held", "one");

        holdWrites();
        assertThatThrownBy(() -> client.put("held", "two")).isInstanceOf(OutcomeUnknownException.class)
                .isInstanceOf(ServiceUnavailableException.class);

        // stored once the pause ends: within the pause's length from here, as before, but without sleeping it out
        // (a read during the pause slides the expiry, a write the pause holds too: its 504 means "not yet")
        await().atMost(WRITES_HELD).pollInterval(Duration.ofMillis(20)).ignoreException(OutcomeUnknownException.class).untilAsserted(() -> assertThat(
                client.get("held", String.class).map(Versioned::value)).isEqualTo(Optional.of("two")));
    }

    @Test
    void anUpdateWhoseWriteWasAppliedUnconfirmedAppliesItsChangeOnce() {
        client.put("counter", "0");
        AtomicInteger changes = new AtomicInteger();
        long unknownBefore = unknownOutcomesLogged();

        String written = client.update("counter", String.class, value -> {
            if (changes.getAndIncrement() == 0) {
                holdWrites();
            }
            return String.valueOf(Integer.parseInt(value) + 1);
        });

        assertThat(unknownOutcomesLogged()).as("writes the server answered 504").isGreaterThan(unknownBefore);
        assertThat(written).isEqualTo("1");
        assertThat(changes).as("times the change ran").hasValue(1);
        assertThat(client.get("counter", String.class).orElseThrow().value()).isEqualTo("1");
    }

    @Test
    void anAsynchronousUpdateWhoseWriteWasAppliedUnconfirmedAppliesItsChangeOnce() {
        client.put("async-counter", "0");
        AtomicInteger changes = new AtomicInteger();
        long unknownBefore = unknownOutcomesLogged();

        String written = client.async().update("async-counter", String.class, value -> {
            if (changes.getAndIncrement() == 0) {
                holdWrites();
            }
            return String.valueOf(Integer.parseInt(value) + 1);
        }, WriteOptions.defaults()).toCompletableFuture().join();

        assertThat(unknownOutcomesLogged()).as("writes the server answered 504").isGreaterThan(unknownBefore);
        assertThat(written).isEqualTo("1");
        assertThat(changes).as("times the change ran").hasValue(1);
        assertThat(client.get("async-counter", String.class).orElseThrow().value()).isEqualTo("1");
    }

    private long unknownOutcomesLogged() {
        return server.output().lines().filter(line -> line.contains("Session store outcome unknown for PUT")).count();
    }

    /** Holds every write command (and what follows it on that connection) for {@link #WRITES_HELD}. */
    private void holdWrites() {
        String answer = redis.command("CLIENT PAUSE " + WRITES_HELD.toMillis() + " WRITE");
        if (!answer.startsWith("+OK")) {
            throw new IllegalStateException("the test's Redis answered '" + answer.strip() + "' to CLIENT PAUSE");
        }
    }
}
