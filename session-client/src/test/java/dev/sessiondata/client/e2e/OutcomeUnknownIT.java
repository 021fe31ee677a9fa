package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.client.OutcomeUnknownException;
import dev.sessiondata.client.ServiceUnavailableException;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.testsupport.TestServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
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

    private Process redis;
    private int redisPort;
    private TestServer server;
    private SessionClient client;

    @BeforeAll
    void start() throws Exception {
        redisPort = freePort();
        try {
            redis = new ProcessBuilder("redis-server", "--port", String.valueOf(redisPort), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "no").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException notInstalled) {
            Assumptions.abort("redis-server is not on the PATH: OutcomeUnknownIT is SKIPPED");
        }
        awaitRedis();
        server = TestServer.start("sessiondata.store.type=redis", "spring.data.redis.url=redis://127.0.0.1:" + redisPort,
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
            redis.destroy();
            redis.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aWriteTheStoreDidNotConfirmIsAnOutcomeUnknownAndIsStoredAfterAll() throws Exception {
        client.put("held", "one");

        holdWrites();
        assertThatThrownBy(() -> client.put("held", "two")).isInstanceOf(OutcomeUnknownException.class)
                .isInstanceOf(ServiceUnavailableException.class);

        Thread.sleep(WRITES_HELD.toMillis());
        assertThat(client.get("held", String.class).orElseThrow().value()).isEqualTo("two");
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

    private long unknownOutcomesLogged() {
        return server.output().lines().filter(line -> line.contains("Session store outcome unknown for PUT")).count();
    }

    /** Holds every write command (and what follows it on that connection) for {@link #WRITES_HELD}. */
    private void holdWrites() {
        try {
            redisCommand("CLIENT PAUSE " + WRITES_HELD.toMillis() + " WRITE");
        } catch (IOException e) {
            throw new IllegalStateException("the test's Redis did not take CLIENT PAUSE", e);
        }
    }

    private String redisCommand(String inline) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", redisPort)) {
            OutputStream out = socket.getOutputStream();
            out.write((inline + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            String answer = line.toString().strip();
            if (!answer.startsWith("+")) {
                throw new IOException("Redis answered '" + answer + "' to " + inline);
            }
            return answer;
        }
    }

    private void awaitRedis() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                redisCommand("PING");
                return;
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(50);
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
