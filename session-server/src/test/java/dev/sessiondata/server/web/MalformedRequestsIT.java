package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.support.OpenApiResponseValidator;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Requests malformed at the level of HTTP, sent as raw bytes (an HTTP client would refuse to send them). Those
 * that reach the API and those that Netty cannot parse (answered by {@link DecodingFailureProblems}) are problem
 * documents; after the latter the server closes the connection.
 */
class MalformedRequestsIT {

    private final RunningServer server = SharedServers.memory();

    /** Sends the requests on one connection and reads every answer until the server closes it. */
    private String send(String... requests) throws IOException {
        try (Socket socket = new Socket(server.baseUri().getHost(), server.baseUri().getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(String.join("", requests).getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            in.transferTo(answer);
            return answer.toString(StandardCharsets.ISO_8859_1);
        }
    }

    /** A GET of {@code path}; its answer is checked against docs/openapi.json, as every answer of support/Api is. */
    private String get(String path, String... headers) throws IOException {
        String answer = send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + RunningServer.WRITER_TOKEN + "\r\n" + String.join("", headers) + "Connection: close\r\n\r\n");
        OpenApiResponseValidator.COMMITTED.checkRaw("GET", path, answer);
        return answer;
    }

    @Test
    void anEncodedSlashBackslashOrNulInAnIdIsAnInvalidIdProblem() throws IOException {
        for (String id : new String[] {"a%2Fb", "a%5Cb", "a%00b"}) {
            assertThat(get("/api/v1/sessions/" + id)).as(id)
                    .startsWith("HTTP/1.1 400")
                    .contains("Content-Type: application/problem+json")
                    .contains("urn:sessiondata:problem:invalid-session-id");
        }
    }

    @Test
    void whatNettyCannotParseIsAProblemDocumentAndTheConnectionClosed() throws IOException {
        assertRefused(get("/api/v1/sessions/x", "X-Big: " + "a".repeat(20_000) + "\r\n"), ProblemType.HEADER_TOO_LARGE);
        assertRefused(get("/" + "a".repeat(10_000)), ProblemType.URI_TOO_LONG);
        String negativeLength = send("PUT /api/v1/sessions/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n");
        OpenApiResponseValidator.COMMITTED.checkRaw("PUT", "/api/v1/sessions/x", negativeLength);
        assertRefused(negativeLength, ProblemType.INVALID_REQUEST);
        assertRefused(get("/api/v1/sessions/a\\b"), ProblemType.INVALID_REQUEST);
        assertRefused(send("\u0001\u0002 garbage\r\n\r\n"), ProblemType.INVALID_REQUEST);
    }

    @Test
    void aMalformedRequestAfterAnAnsweredOneOnTheSameConnectionIsAProblemDocument() throws IOException {
        String answers = send("GET /api/v1/sessions/absent HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + RunningServer.WRITER_TOKEN + "\r\n\r\n", "GET /" + "a".repeat(10_000) + " HTTP/1.1\r\n\r\n");
        assertThat(answers).startsWith("HTTP/1.1 404");
        assertRefused(answers.substring(answers.indexOf("HTTP/1.1", 1)), ProblemType.URI_TOO_LONG);
    }

    @Test
    void eachRefusalIsCountedByItsProblemType() throws IOException {
        double before = rejected(ProblemType.URI_TOO_LONG);
        get("/" + "a".repeat(10_000));
        assertThat(rejected(ProblemType.URI_TOO_LONG)).isGreaterThanOrEqualTo(before + 1);
    }

    private double rejected(ProblemType type) {
        return server.bean(MeterRegistry.class).counter("sessiondata.requests.rejected", "reason", type.slug()).count();
    }

    /** The status and problem of {@code type}, a detail that echoes nothing of the request, and no keep-alive. */
    private static void assertRefused(String answer, ProblemType type) {
        String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
        assertThat(answer).as(type.slug())
                .startsWith("HTTP/1.1 " + type.status())
                .containsIgnoringCase("content-type: application/problem+json")
                .containsIgnoringCase("content-length: " + body.length())
                .containsIgnoringCase("connection: close");
        assertThat(body).as(type.slug())
                .startsWith("{\"type\":\"" + type.uri() + "\",\"title\":\"" + type.title() + "\",\"status\":"
                        + type.status() + ",\"detail\":\"")
                .endsWith("\"}")
                .doesNotContain("aaaa", "garbage", "sessions", "Exception", "netty", "instance");
    }
}
