package dev.sessiondata.spring.e2e;

import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real session server for the Spring tests: session-server's executable jar in a process of its own, on a
 * random port, with one read-write token; as session-client's end-to-end tests run it. Published in this module's
 * test jar, so that the starter's tests start it the same way.
 */
public final class ServerProcess implements AutoCloseable {

    public static final String TOKEN = "spring-e2e-read-write-token";

    private static final Pattern PORT = Pattern.compile("(?:Tomcat|Netty) started on port (\\d+)");
    private static final Pattern STARTED = Pattern.compile("Started \\w+ in ");

    private final Process process;
    private final int port;

    private ServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts a server with the given {@code key=value} properties and waits until it serves (2 minutes at most). */
    public static ServerProcess start(String... properties) {
        // a key given twice on the command line binds as both values joined: the given ones replace the defaults
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("server.port", "0");
        settings.put("sessiondata.security.clients[0].name", "spring-e2e");
        settings.put("sessiondata.security.clients[0].token", TOKEN);
        settings.put("sessiondata.security.clients[0].access", "read-write");
        for (String property : properties) {
            int equals = property.indexOf('=');
            settings.put(property.substring(0, equals), property.substring(equals + 1));
        }
        List<String> command = new ArrayList<>(List.of(java(), "-Xmx256m", "-jar", jar().toString()));
        settings.forEach((key, value) -> command.add("--" + key + "=" + value));
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder output = new StringBuilder();
        CompletableFuture<Integer> started = CompletableFuture.supplyAsync(() -> awaitPort(process, output));
        try {
            return new ServerProcess(process, started.get(2, TimeUnit.MINUTES));
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            synchronized (output) {
                throw new IllegalStateException("the session server did not start:\n" + output, e);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the session server started", e);
        }
    }

    /** Reads the output until the server says it started, then keeps draining it so that the process never blocks. */
    private static int awaitPort(Process process, StringBuilder output) {
        BufferedReader reader = process.inputReader(StandardCharsets.UTF_8);
        int port = -1;
        try {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                synchronized (output) {
                    output.append(line).append('\n');
                }
                Matcher portLine = PORT.matcher(line);
                if (portLine.find()) {
                    port = Integer.parseInt(portLine.group(1));
                }
                if (port > 0 && STARTED.matcher(line).find()) {
                    Thread drain = new Thread(() -> reader.lines().forEach(ignored -> { }), "session-server-output");
                    drain.setDaemon(true);
                    drain.start();
                    return port;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("the session server exited");
    }

    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    public int port() {
        return port;
    }

    /** The store properties of the Redis named by {@code REDIS_URL} (the local one without it) under {@code keyPrefix}. */
    public static String[] redisStore(String keyPrefix) {
        return new String[] {"sessiondata.store.type=redis", "spring.data.redis.url=" + redisUrl(),
                "sessiondata.store.redis.key-prefix=" + keyPrefix};
    }

    private static String redisUrl() {
        String url = System.getenv("REDIS_URL");
        return url == null || url.isBlank() ? "redis://127.0.0.1:6379" : url;
    }

    /** Deletes every key under {@code keyPrefix} in that Redis: tests share it. */
    public static void deleteRedisKeys(String keyPrefix) {
        RedisClient redis = RedisClient.create(redisUrl());
        try (StatefulRedisConnection<String, String> connection = redis.connect()) {
            RedisCommands<String, String> commands = connection.sync();
            ScanArgs match = ScanArgs.Builder.matches(keyPrefix + "*").limit(1000);
            for (KeyScanCursor<String> keys = commands.scan(match); ; keys = commands.scan(keys, match)) {
                if (!keys.getKeys().isEmpty()) {
                    commands.del(keys.getKeys().toArray(String[]::new));
                }
                if (keys.isFinished()) {
                    return;
                }
            }
        } finally {
            redis.shutdown();
        }
    }

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

    private static Path jar() {
        String configured = System.getProperty("sessiondata.server.jar");
        if (configured == null || !Files.isRegularFile(Path.of(configured))) {
            throw new IllegalStateException("no session-server jar at " + configured + ": build it first, e.g. "
                    + "./mvnw -pl session-spring -am verify");
        }
        return Path.of(configured);
    }

    private static String java() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
