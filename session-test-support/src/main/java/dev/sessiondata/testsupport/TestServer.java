package dev.sessiondata.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * The real session server: its executable jar, as an operator runs it, in a process of its own on a random port,
 * with a read-write ({@link #TOKEN}) and a read-only ({@link #READ_TOKEN}) client configured. Properties given to
 * {@link #start} ({@code key=value}) replace the defaults here, which override the server's application.yml; a
 * Redis store's are {@link RedisTarget#store(String)}. The jar is the one the system property
 * {@code sessiondata.server.jar} names, which each module's Failsafe configuration sets.
 */
public final class TestServer implements AutoCloseable {

    public static final String TOKEN = "e2e-read-write-token";
    public static final String READ_TOKEN = "e2e-read-only-token";

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final ServingProcess process;

    private TestServer(ServingProcess process) {
        this.process = process;
    }

    /** Starts a server and waits until it serves (2 minutes at most); on a random port unless the properties name one. */
    public static TestServer start(String... properties) {
        // a key given twice on the command line binds as both values joined: the given ones replace the defaults
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("server.port", "0");
        settings.put("sessiondata.security.clients[0].name", "e2e-writer");
        settings.put("sessiondata.security.clients[0].token", TOKEN);
        settings.put("sessiondata.security.clients[0].access", "read-write");
        settings.put("sessiondata.security.clients[1].name", "e2e-reader");
        settings.put("sessiondata.security.clients[1].token", READ_TOKEN);
        settings.put("sessiondata.security.clients[1].access", "read");
        for (String property : properties) {
            int equals = property.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException("a server property is key=value, was '" + property + "'");
            }
            settings.put(property.substring(0, equals), property.substring(equals + 1));
        }
        // C1 only, as spring-boot:run's optimized launch: a test's server lives seconds, and C2's compilations of its
        // start-up took about 40 % of the CPU of a start on two cores, which the test itself was waiting for
        List<String> command = new ArrayList<>(List.of(ForkedJvm.java(), "-Xmx256m", "-XX:TieredStopAtLevel=1",
                "-jar", serverJar().toString()));
        settings.forEach((key, value) -> command.add("--" + key + "=" + value));
        return new TestServer(ServingProcess.start(command, "the session server"));
    }

    /**
     * Starts a server for each of {@code propertiesOfEach} at the same time, as {@link #start} does, and waits for all:
     * a start is mostly one thread's work, so two take little more than one on two cores. If one fails to start, the
     * others are stopped and the first failure is thrown, as the cause.
     */
    public static List<TestServer> startTogether(String[]... propertiesOfEach) {
        ExecutorService threads = Executors.newFixedThreadPool(propertiesOfEach.length);
        try {
            List<Future<TestServer>> starting = Stream.of(propertiesOfEach)
                    .map(properties -> threads.submit(() -> start(properties))).toList();
            List<TestServer> started = new ArrayList<>();
            RuntimeException failure = null;
            for (Future<TestServer> server : starting) {
                try {
                    started.add(server.get());
                } catch (ExecutionException e) {
                    failure = failure != null ? failure
                            : new IllegalStateException("a server did not start", e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure = failure != null ? failure
                            : new IllegalStateException("interrupted while servers started", e);
                    break;
                }
            }
            if (failure != null) {
                started.forEach(TestServer::close);
                throw failure;
            }
            return started;
        } finally {
            threads.shutdown();
        }
    }

    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + process.port());
    }

    public int port() {
        return process.port();
    }

    /**
     * A {@code HEAD} of the session {@code id} with the read-write token: 200 with its {@code Content-Type} while it
     * lives, 404 once it is gone. Unlike a read, a {@code HEAD} does not slide the expiry, so a test can watch a
     * session expire with it.
     */
    public HttpResponse<Void> head(String id) {
        HttpRequest request = HttpRequest.newBuilder(baseUri().resolve("/api/v1/sessions/" + id))
                .header("Authorization", "Bearer " + TOKEN)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during HEAD of session " + id, e);
        }
    }

    /** Everything the server printed so far. */
    public String output() {
        return process.output();
    }

    /** Stops the server as an operator does (SIGTERM, then a graceful shutdown). */
    @Override
    public void close() {
        process.close();
    }

    private static Path serverJar() {
        String configured = System.getProperty("sessiondata.server.jar");
        if (configured == null || !Files.isRegularFile(Path.of(configured))) {
            throw new IllegalStateException("no session-server jar at " + configured + ": run the end-to-end tests "
                    + "with the server built first, e.g. ./mvnw -pl session-client -am verify");
        }
        return Path.of(configured);
    }
}
