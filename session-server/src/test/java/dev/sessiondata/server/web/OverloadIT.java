package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.testsupport.RedisProcess;
import java.io.File;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * Overload is refused, not fatal: 128 clients PUT 2 MB sessions as fast as they can for a few seconds at the
 * built server jar, run as its own process with a 256 MB heap on a Redis of the test's own (so that what was
 * acknowledged can be read back from outside the heap). Every answer is 201/200 or 503 with Retry-After, the
 * server stays up and healthy, and every client's session holds its last acknowledged write or a later one (a
 * {@code 503} for a Redis timeout leaves the outcome of that write unknown; an overload refusal writes nothing).
 * (The 60-second run is {@code loadtest/capacity.sh --overload 60}.)
 */
class OverloadIT {

    private static final int CLIENTS = 128;
    private static final int BODY_BYTES = 2 * 1024 * 1024;
    private static final Duration LOAD = Duration.ofSeconds(Long.getLong("overload.seconds", 12));
    private static final String TOKEN = "overload-token-for-the-test";

    @Test
    void parallelLargeWritesAgainstASmallHeapAreAnsweredOrRefusedAndNoAcknowledgedWriteIsLost() throws Exception {
        RedisProcess.assumeInstalled("OverloadIT");
        Path jar = serverJar();
        try (RedisProcess redis = RedisProcess.startOnFreePort()) {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            File log = Path.of("target", "overload-it-server.log").toFile();
            Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-XX:+ExitOnOutOfMemoryError", "-jar", jar.toString(),
                    "--server.address=127.0.0.1", "--server.port=" + port,
                    "--sessiondata.store.type=redis", "--spring.data.redis.url=" + redis.url(),
                    "--sessiondata.serializer.active=java",
                    "--sessiondata.security.clients[0].name=overload",
                    "--sessiondata.security.clients[0].token=" + TOKEN,
                    "--sessiondata.security.clients[0].access=read-write")
                    .redirectErrorStream(true).redirectOutput(log).start();
            try {
                Api api = new Api(URI.create("http://127.0.0.1:" + port), TOKEN);
                await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250))
                        .until(() -> server.isAlive() && healthy(api));

                AtomicLongArray acknowledged = new AtomicLongArray(CLIENTS);
                AtomicLongArray attempted = new AtomicLongArray(CLIENTS);
                Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
                List<String> wrongRefusals = new ArrayList<>();
                long deadline = System.nanoTime() + LOAD.toNanos();
                ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
                try {
                    List<Future<?>> running = new ArrayList<>();
                    for (int c = 0; c < CLIENTS; c++) {
                        int client = c;
                        running.add(clients.submit(() -> {
                            byte[] body = new byte[BODY_BYTES];
                            acknowledged.set(client, -1);
                            for (long sequence = 0; System.nanoTime() < deadline; sequence++) {
                                ByteBuffer.wrap(body).putLong(sequence);
                                attempted.set(client, sequence);
                                HttpResponse<byte[]> response = api.put(id(client), body, "java");
                                statuses.merge(response.statusCode(), 1, Integer::sum);
                                if (response.statusCode() / 100 == 2) {
                                    acknowledged.set(client, sequence);
                                } else if (response.statusCode() == 503 && !refusedProperly(response)) {
                                    synchronized (wrongRefusals) {
                                        wrongRefusals.add(response.headers().map() + " " + new String(response.body(), StandardCharsets.UTF_8));
                                    }
                                }
                            }
                            return null;
                        }));
                    }
                    for (Future<?> client : running) {
                        client.get();
                    }
                } finally {
                    clients.shutdownNow();
                }

                System.out.printf("OverloadIT: %d clients x %d bytes for %s at -Xmx256m: statuses %s%n", CLIENTS, BODY_BYTES, LOAD, statuses);
                assertThat(server.isAlive()).as("the server process is up; its log: %s", log).isTrue();
                assertThat(statuses.keySet()).as("statuses %s", statuses).containsAnyOf(200, 201)
                        .allMatch(status -> status == 200 || status == 201 || status == 503);
                assertThat(wrongRefusals).as("503s without Retry-After or problem document").isEmpty();
                assertThat(healthy(api)).isTrue();
                for (int client = 0; client < CLIENTS; client++) {
                    long last = acknowledged.get(client);
                    if (last >= 0) {
                        HttpResponse<byte[]> read = api.get(id(client));
                        assertThat(read.statusCode()).isEqualTo(200);
                        assertThat(read.body()).hasSize(BODY_BYTES);
                        // a 503 of a store timeout means "outcome unknown": a later write may have landed after all,
                        // but never one older than the last acknowledged
                        assertThat(ByteBuffer.wrap(read.body()).getLong()).as("client %d's last acknowledged write", client)
                                .isBetween(last, attempted.get(client));
                    }
                }
                assertThat(Files.readString(log.toPath())).doesNotContain("OutOfMemoryError");
            } finally {
                server.destroy();
                server.waitFor();
            }
        }
    }

    private static String id(int client) {
        return "overload-" + client;
    }

    private static boolean healthy(Api api) {
        try {
            return api.send("GET", "/actuator/health", HttpRequest.BodyPublishers.noBody()).statusCode() == 200;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static boolean refusedProperly(HttpResponse<byte[]> response) {
        return response.headers().firstValue("Retry-After").isPresent()
                && new String(response.body(), StandardCharsets.UTF_8).contains(ProblemType.STORE_UNAVAILABLE.uri().toString());
    }

    /** The repackaged server jar of this build (failsafe runs after package), as the module's Failsafe names it. */
    private static Path serverJar() {
        Path jar = Path.of(System.getProperty("sessiondata.server.jar", "target/session-server.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no server jar at " + jar + ": run verify");
        }
        return jar;
    }
}
