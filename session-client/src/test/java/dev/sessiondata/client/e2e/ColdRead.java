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
 *       connects at startup (the Spring Boot starter does once the application is ready), then {@link #IDLE} of
 *       other start-up work before the first {@code get}. Prints {@code connected=<ms from JVM start until connect()
 *       returned>} and {@code get=<ms of the first get alone>}.</li>
 *   <li>{@code http}: a bare {@link HttpClient} GET of the same URL, the body read as bytes.</li>
 * </ul>
 * The last two print {@code ms=<wall-clock from JVM start until the response was decoded>} (and for the client
 * {@code built=<ms from JVM start until build() returned>}) and {@code classes=<classes loaded>}, then
 * {@code summary=<the decoded value's summary>} or {@code bytes=<body size>}, checked by the test once the clock has
 * stopped.
 */
public final class ColdRead {

    private static final String ROOT = "gen.Root";
    /** How long an application that connected at startup does other work before its first request. */
    static final Duration IDLE = Duration.ofSeconds(2);

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
        System.out.println("writer=" + client.writeSerializer());
        System.out.println("summary=" + root.getMethod("summary").invoke(session));
    }

    /** Builder, then the first get; with {@code connectFirst}, {@code connect()} and {@link #IDLE} in between. */
    private static void client(URI baseUri, String token, String id, boolean connectFirst) throws Exception {
        Class<?> root = Class.forName(ROOT);
        SessionClient client = builder(baseUri, token, root).build();
        long built = System.currentTimeMillis();
        long connected = built;
        if (connectFirst) {
            client.connect();
            connected = System.currentTimeMillis();
            Thread.sleep(IDLE.toMillis());
        }
        long asked = System.currentTimeMillis();
        Object value = client.get(id, root).orElseThrow().value();
        long decoded = System.currentTimeMillis();
        long start = ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("built=" + (built - start));
        System.out.println("ms=" + (decoded - start));
        System.out.println("connected=" + (connected - start));
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
