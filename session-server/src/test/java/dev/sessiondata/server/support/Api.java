package dev.sessiondata.server.support;

import dev.sessiondata.api.SessionApi;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * A bare HTTP caller of the API: what goes over the wire is exactly what the test says. Every response it receives
 * is checked against docs/openapi.json ({@link OpenApiResponseValidator}): one that does not conform fails the test
 * that asked for it, whatever the test itself asserts.
 */
public final class Api {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    /** Loaded with this class, before any test sends its first request. */
    private static final OpenApiResponseValidator DOCUMENT = OpenApiResponseValidator.COMMITTED;

    private final URI baseUri;
    private final @Nullable String token;
    private final boolean checked;

    public Api(URI baseUri, @Nullable String token) {
        this(baseUri, token, true);
    }

    private Api(URI baseUri, @Nullable String token, boolean checked) {
        this.baseUri = baseUri;
        this.token = token;
        this.checked = checked;
    }

    /**
     * An API whose answers are not checked against the document: for a test that serves a part of the server (one
     * route) with stand-ins behind it, whose answers are the stand-ins' and not the API's.
     */
    public static Api ofStandIn(URI baseUri, @Nullable String token) {
        return new Api(baseUri, token, false);
    }

    /** PUT a session body written by {@code serializer}; {@code headers} are name, value pairs. */
    public HttpResponse<byte[]> put(String id, byte[] body, String serializer, String... headers) {
        return send("PUT", SessionApi.SESSIONS_PATH + "/" + id, HttpRequest.BodyPublishers.ofByteArray(body),
                with(headers, "Content-Type", SessionApi.mediaTypeOf(serializer)));
    }

    public HttpResponse<byte[]> get(String id, String... headers) {
        return send("GET", SessionApi.SESSIONS_PATH + "/" + id, HttpRequest.BodyPublishers.noBody(), headers);
    }

    public HttpResponse<byte[]> delete(String id, String... headers) {
        return send("DELETE", SessionApi.SESSIONS_PATH + "/" + id, HttpRequest.BodyPublishers.noBody(), headers);
    }

    /**
     * Sends a PUT's head with {@code Expect: 100-continue} and a declared {@code Content-Length}, but no body, and
     * returns the head of the server's first answer. (A raw socket: the JDK 17 HttpClient hangs on a final status
     * in answer to Expect, JDK-8286171.)
     */
    public String putHeadExpectingContinue(String id, long contentLength, String serializer) {
        try (Socket socket = new Socket(baseUri.getHost(), baseUri.getPort())) {
            socket.setSoTimeout(10_000);
            String head = "PUT " + SessionApi.SESSIONS_PATH + "/" + id + " HTTP/1.1\r\n"
                    + "Host: " + baseUri.getHost() + "\r\n"
                    + (token == null ? "" : "Authorization: Bearer " + token + "\r\n")
                    + "Content-Type: " + SessionApi.mediaTypeOf(serializer) + "\r\n"
                    + "Content-Length: " + contentLength + "\r\n"
                    + "Expect: 100-continue\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            while (!answer.toString(StandardCharsets.US_ASCII).contains("\r\n\r\n")) {
                int next = in.read();
                if (next < 0) {
                    break;
                }
                answer.write(next);
            }
            return answer.toString(StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Any request: {@code path} relative to the server, with query; {@code headers} are name, value pairs. */
    public HttpResponse<byte[]> send(String method, String path, HttpRequest.BodyPublisher body, String... headers) {
        return send(request(method, path, body, headers));
    }

    private HttpRequest.Builder request(String method, String path, HttpRequest.BodyPublisher body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(baseUri.resolve(path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return request;
    }

    private HttpResponse<byte[]> send(HttpRequest.Builder builder) {
        HttpRequest request = builder.build();
        try {
            HttpResponse<byte[]> response = HTTP.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (checked) {
                DOCUMENT.check(request.method(), request.uri().getRawPath(), response.statusCode(),
                        response.headers(), response.body());
            }
            return response;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String[] with(String[] headers, String name, String value) {
        String[] all = Arrays.copyOf(headers, headers.length + 2);
        all[headers.length] = name;
        all[headers.length + 1] = value;
        return all;
    }
}
