package dev.sessiondata.client.e2e;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionClientBuilder;
import dev.sessiondata.serializer.SerializerSettings;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * What one fresh JVM of {@link ColdStartIT} does, then exits; the session's classes ({@code gen.*}) are generated
 * and compiled by the test. Arguments: the mode, the base URI, the token, the session id, and for {@code write} the
 * serializer.
 * <ul>
 *   <li>{@code write}: writes the generated session with that serializer and prints the serializer it wrote with
 *       and the session's summary.</li>
 *   <li>{@code client}: builder, then the first {@code get} of that session, as an application that registers the
 *       session's class and enables every serializer on its class path.</li>
 *   <li>{@code connected}: as {@code client}, but {@code connect()} after the builder, as an application that
 *       connects at startup (the Spring Boot starter does once the application is ready), then the first
 *       {@code get} once the JVM's work in the background has settled ({@link #awaitSettled}), as it has by an
 *       application's first request when its start-up takes longer than that work. Prints {@code connected=<ms from
 *       JVM start until connect() returned>}, {@code settled=<ms from then until the background work settled>} and
 *       {@code get=<ms of the first get alone>}.</li>
 *   <li>{@code http}: a bare {@link HttpClient} GET of the same URL, the body read as bytes.</li>
 * </ul>
 * The last two print {@code ms=<wall-clock from JVM start until the response was decoded>} (and for the client
 * {@code built=<ms from JVM start until build() returned>}) and {@code classes=<classes loaded>}, then
 * {@code summary=<the decoded value's summary>} or {@code bytes=<body size>}, checked by the test once the clock has
 * stopped.
 */
public final class ColdRead {

    private static final String ROOT = "gen.Root";
    /** The window over which the JVM's CPU time is watched for the background work to settle. */
    static final Duration WINDOW = Duration.ofMillis(200);
    /** Settled: the whole JVM used at most this share of one core over a {@link #WINDOW}. */
    static final double SETTLED_SHARE = 0.10;
    /** The longest wait for it; a run that does not settle by then fails. */
    private static final Duration MAX_WAIT = Duration.ofMinutes(2);

    private ColdRead() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        URI baseUri = URI.create(args[1]);
        String token = args[2];
        String id = args[3];
        switch (mode) {
            case "write" -> write(baseUri, token, id, args[4]);
            case "client" -> client(baseUri, token, id, false);
            case "connected" -> client(baseUri, token, id, true);
            case "http" -> http(baseUri, token, id);
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        }
    }

    private static void write(URI baseUri, String token, String id, String serializer) throws Exception {
        Class<?> root = Class.forName(ROOT);
        Object session = root.getMethod("sample").invoke(null);
        SessionClient client = builder(baseUri, token, root).enabledSerializers(serializer).build();
        client.put(id, session);
        System.out.println("writer=" + client.fetchWriteSerializer());
        System.out.println("summary=" + root.getMethod("summary").invoke(session));
    }

    /** Builder, then the first get; with {@code connectFirst}, {@code connect()} and {@link #awaitSettled} first. */
    private static void client(URI baseUri, String token, String id, boolean connectFirst) throws Exception {
        Class<?> root = Class.forName(ROOT);
        SessionClient client = builder(baseUri, token, root).build();
        long built = System.currentTimeMillis();
        long connected = built;
        if (connectFirst) {
            client.connect();
            connected = System.currentTimeMillis();
            awaitSettled();
        }
        long asked = System.currentTimeMillis();
        Object value = client.get(id, root).orElseThrow().value();
        long decoded = System.currentTimeMillis();
        long start = ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("built=" + (built - start));
        System.out.println("ms=" + (decoded - start));
        System.out.println("connected=" + (connected - start));
        System.out.println("settled=" + (asked - connected));
        System.out.println("get=" + (decoded - asked));
        System.out.println("classes=" + classesLoaded());
        System.out.println("summary=" + root.getMethod("summary").invoke(value));
    }

    private static void http(URI baseUri, String token, String id) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(baseUri.resolve(SessionApi.SESSIONS_PATH + "/" + id))
                .header("Authorization", "Bearer " + token).GET().build();
        HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        long decoded = System.currentTimeMillis();
        long start = ManagementFactory.getRuntimeMXBean().getStartTime();
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET answered " + response.statusCode());
        }
        System.out.println("ms=" + (decoded - start));
        System.out.println("classes=" + classesLoaded());
        System.out.println("bytes=" + response.body().length);
    }

    /**
     * Waits until this JVM's threads (Fory generating serializers in the background, the JIT compilers, the GC)
     * used at most {@link #SETTLED_SHARE} of one core over one {@link #WINDOW}, as measured by the process's CPU time.
     *
     * @throws IllegalStateException if that has not happened within {@link #MAX_WAIT}
     */
    private static void awaitSettled() throws InterruptedException {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long deadline = System.nanoTime() + MAX_WAIT.toNanos();
        long before = os.getProcessCpuTime();
        while (System.nanoTime() < deadline) {
            TimeUnit.NANOSECONDS.sleep(WINDOW.toNanos());
            long now = os.getProcessCpuTime();
            if (now - before <= SETTLED_SHARE * WINDOW.toNanos()) {
                return;
            }
            before = now;
        }
        throw new IllegalStateException("the JVM's background work did not settle within " + MAX_WAIT);
    }

    /** Classes this JVM loaded so far; those of java.lang.management, loaded after the clock stopped, included. */
    private static long classesLoaded() {
        return ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
    }

    private static SessionClientBuilder builder(URI baseUri, String token, Class<?> root) {
        return SessionClient.builder().baseUri(baseUri).token(token)
                .serializerSettings(SerializerSettings.builder().allowPackages("gen").build())
                .registerClasses(root);
    }
}
