package dev.sessiondata.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An HTTP server that answers from a script, in the style of OkHttp's MockWebServer: enqueue answers, call the
 * client, take each request it received and assert on it. A request with nothing enqueued gets a {@code 500} that
 * says so, and shows up in {@link #takeRequest()} like any other.
 */
public final class ScriptedServer implements AutoCloseable, AfterEachCallback {

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final BlockingQueue<Answer> answers = new LinkedBlockingQueue<>();
    private final BlockingQueue<Recorded> requests = new LinkedBlockingQueue<>();

    private ScriptedServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.setExecutor(executor);
        server.start();
    }

    /**
     * Starts a server; as a {@code @RegisterExtension} field of a test class it serves one test and stops after
     * it.
     */
    public static ScriptedServer start() {
        try {
            return new ScriptedServer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public ScriptedServer enqueue(Answer answer) {
        answers.add(answer);
        return this;
    }

    /** The next request the server received, waiting for it up to 10 seconds. */
    public Recorded takeRequest() throws InterruptedException {
        Recorded request = requests.poll(10, TimeUnit.SECONDS);
        assertThat(request).as("a request within 10 seconds").isNotNull();
        return request;
    }

    /**
     * Builds and connects a client of this server: answers its handshake with {@code active} as the active serializer and
     * consumes the handshake request.
     */
    SessionClient connect(String active, java.util.function.UnaryOperator<SessionClientBuilder> options)
            throws InterruptedException {
        enqueue(SessionClientTest.serializers(active));
        SessionClient client = options.apply(SessionClient.builder().baseUri(uri()).token(SessionClientTest.TOKEN))
                .build().connect();
        takeRequest();
        return client;
    }

    public int pendingRequests() {
        return requests.size();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            requests.add(new Recorded(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                    exchange.getRequestHeaders(), body));
            Answer answer = answers.poll();
            if (answer == null) {
                answer = Answer.status(500).body("text/plain", "nothing enqueued for this request");
            }
            if (answer.status == Answer.NO_ANSWER) {
                // closing an exchange before its response headers closes the connection: no answer at all
                return;
            }
            answer.headers.forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            boolean empty = answer.body.length == 0 || "HEAD".equals(exchange.getRequestMethod());
            exchange.sendResponseHeaders(answer.status, empty ? -1 : answer.body.length);
            if (!empty) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer.body);
                }
            }
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    /** One scripted answer. */
    public static final class Answer {

        private final int status;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private byte[] body = new byte[0];

        private Answer(int status) {
            this.status = status;
        }

        public static Answer status(int status) {
            return new Answer(status);
        }

        private static final int NO_ANSWER = -1;

        /** The server reads the request, then closes the connection without an answer. */
        public static Answer closeWithoutAnswer() {
            return new Answer(NO_ANSWER);
        }

        /** An RFC 9457 problem document. */
        public static Answer problem(int status, String type, String title, String detail, String extraMembers) {
            String json = "{\"type\":\"" + type + "\",\"title\":\"" + title + "\",\"status\":" + status
                    + ",\"detail\":\"" + detail + "\"" + (extraMembers.isEmpty() ? "" : "," + extraMembers) + "}";
            return status(status).body("application/problem+json", json);
        }

        public Answer header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        public Answer body(String contentType, String text) {
            return body(contentType, text.getBytes(StandardCharsets.UTF_8));
        }

        public Answer body(String contentType, byte[] bytes) {
            headers.put("Content-Type", contentType);
            body = bytes.clone();
            return this;
        }
    }

    /** One request as the server received it. */
    public record Recorded(String method, String target, Headers headers, byte[] body) {

        public @org.jspecify.annotations.Nullable String header(String name) {
            return headers.getFirst(name);
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }
}
