package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Requests malformed at the level of HTTP, sent as raw bytes (an HTTP client would refuse to send them). Those
 * that reach the API are problem documents; those that Reactor Netty refuses while parsing get its own answer, a
 * status with an empty body and the connection closed: there is no hook to make those problem documents.
 */
class MalformedRequestsIT {

    private final RunningServer server = SharedServers.memory();

    private String send(String head) throws IOException {
        try (Socket socket = new Socket(server.baseUri().getHost(), server.baseUri().getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(head.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            in.transferTo(answer);
            return answer.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private String get(String path, String... headers) throws IOException {
        return send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + RunningServer.WRITER_TOKEN
                + "\r\n" + String.join("", headers) + "Connection: close\r\n\r\n");
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
    void whatReactorNettyRefusesWhileParsingIsItsStatusWithoutABody() throws IOException {
        assertThat(get("/api/v1/sessions/x", "X-Big: " + "a".repeat(20_000) + "\r\n"))
                .startsWith("HTTP/1.1 431").containsIgnoringCase("content-length: 0");
        assertThat(get("/" + "a".repeat(10_000))).startsWith("HTTP/1.1 414");
        assertThat(send("PUT /api/v1/sessions/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n"))
                .startsWith("HTTP/1.1 400").containsIgnoringCase("content-length: 0");
        assertThat(get("/api/v1/sessions/a\\b")).startsWith("HTTP/1.1 400");
    }
}
