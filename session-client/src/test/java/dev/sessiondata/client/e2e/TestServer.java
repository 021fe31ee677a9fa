package dev.sessiondata.client.e2e;

import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * The real session server: its executable jar, as an operator runs it, in a process of its own on a random port,
 * with a read-write and a read-only client configured. Properties given to {@link #start} ({@code key=value})
 * override the defaults here, which override the server's application.yml.
 */
final class TestServer implements AutoCloseable {

    static final String TOKEN = "client-e2e-read-write-token";
    static final String READ_TOKEN = "client-e2e-read-only-token";

    /** Spring Boot's line for the server's port: "Netty started on port 1234 (http)" (Tomcat's before #9). */
    private static final Pattern PORT = Pattern.compile("(?:Netty|Tomcat) started on port (\\d+)");
    private static final Pattern STARTED = Pattern.compile("Started \\w+ in ");
    private static final String END = "\u0000end of output";

    private final Process process;
    private final int port;
    private final StringBuilder output;

    private TestServer(Process process, int port, StringBuilder output) {
        this.process = process;
        this.port = port;
        this.output = output;
    }

    /** Starts a server and waits until it serves; on a random port unless the properties name one. */
    static TestServer start(String... properties) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("server.port", "0");
        settings.put("sessiondata.security.clients[0].name", "client-e2e");
        settings.put("sessiondata.security.clients[0].token", TOKEN);
        settings.put("sessiondata.security.clients[0].access", "read-write");
        settings.put("sessiondata.security.clients[1].name", "client-e2e-reader");
        settings.put("sessiondata.security.clients[1].token", READ_TOKEN);
        settings.put("sessiondata.security.clients[1].access", "read");
        for (String property : properties) {
            int equals = property.indexOf('=');
            settings.put(property.substring(0, equals), property.substring(equals + 1));
        }
        List<String> command = new ArrayList<>(List.of(java(), "-Xmx256m", "-jar", serverJar().toString()));
        settings.forEach((key, value) -> command.add("--" + key + "=" + value));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            return awaitStarted(process);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The properties of a Redis store on the Redis named by {@code REDIS_URL}, under a key prefix of this test's
     * own; skips the test, saying why, when there is none.
     */
    static String[] redisStore(String keyPrefix, String test) {
        String url = System.getenv("REDIS_URL");
        if (url == null || url.isBlank()) {
            String reason = "SKIPPED: REDIS_URL is not set, so there is no Redis to restart the server on "
                    + "(export REDIS_URL=redis://127.0.0.1:6379)";
            // Failsafe keeps a test's System.out and System.err in report files; the forked JVM's own standard
            // error is what it copies to the build's console
            PrintStream console = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
            console.println("\n!!!!! " + test + ": " + reason + " !!!!!\n");
            Assumptions.abort(reason);
        }
        return new String[] {"sessiondata.store.type=redis", "spring.data.redis.url=" + url,
                "sessiondata.store.redis.key-prefix=" + keyPrefix};
    }

    /** A test body that runs against servers on one Redis, given their store properties. */
    interface OnRedis {
        void run(String[] redisStore) throws Exception;
    }

    /**
     * Runs {@code body} with the store properties of a Redis key prefix of its own ({@link #redisStore}), then
     * deletes every key under that prefix, whatever the outcome; skips the test, saying why on the console, without
     * a Redis.
     */
    static void onRedis(Class<?> test, OnRedis body) throws Exception {
        String keyPrefix = "sessiondata-client-" + test.getSimpleName() + "-" + UUID.randomUUID() + ":";
        String[] redis = redisStore(keyPrefix, test.getSimpleName());
        try {
            body.run(redis);
        } finally {
            deleteRedisKeys(keyPrefix);
        }
    }

    /** Deletes every key under {@code keyPrefix} in the Redis named by {@code REDIS_URL}: tests share that Redis. */
    static void deleteRedisKeys(String keyPrefix) {
        RedisClient redis = RedisClient.create(System.getenv("REDIS_URL"));
        try (StatefulRedisConnection<String, String> connection = redis.connect()) {
            RedisCommands<String, String> commands = connection.sync();
            ScanArgs match = ScanArgs.Builder.matches(keyPrefix + "*").limit(1000);
            for (KeyScanCursor<String> keys = commands.scan(match); ; keys = commands.scan(keys, match)) {
                if (!keys.getKeys().isEmpty()) {
                    commands.del(keys.getKeys().toArray(String[]::new));
                }
                if (keys.isFinished()) {
                    break;
                }
            }
        } finally {
            redis.shutdown();
        }
    }

    URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    int port() {
        return port;
    }

    /** Everything the server printed so far. */
    String output() {
        synchronized (output) {
            return output.toString();
        }
    }

    /** Stops the server as an operator does (SIGTERM, then a graceful shutdown). */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Reads the server's output until it says it started (and on which port), or fails with that output. */
    private static TestServer awaitStarted(Process process) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        StringBuilder output = new StringBuilder();
        Thread drain = new Thread(() -> {
            try (BufferedReader reader = process.inputReader(StandardCharsets.UTF_8)) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("output unreadable: " + e);
            }
            lines.add(END);
        }, "session-server-output");
        drain.setDaemon(true);
        drain.start();
        int port = -1;
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            for (String line = lines.poll(2, TimeUnit.MINUTES); line != null && !END.equals(line);
                 line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                Matcher portLine = PORT.matcher(line);
                if (portLine.find()) {
                    port = Integer.parseInt(portLine.group(1));
                }
                if (STARTED.matcher(line).find() && port > 0) {
                    return new TestServer(process, port, output);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        synchronized (output) {
            throw new IllegalStateException("the session server did not start within 2 minutes:\n" + output);
        }
    }

    private static Path serverJar() {
        String configured = System.getProperty("sessiondata.server.jar");
        if (configured == null || !Files.isRegularFile(Path.of(configured))) {
            throw new IllegalStateException("no session-server jar at " + configured + ": run the end-to-end tests "
                    + "with the server built first, e.g. ./mvnw -pl session-client -am verify");
        }
        return Path.of(configured);
    }

    private static String java() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
