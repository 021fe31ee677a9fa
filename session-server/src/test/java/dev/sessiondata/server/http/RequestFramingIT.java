package dev.sessiondata.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Chunked bodies Netty cannot parse: each is answered with the problem of a malformed request, stores nothing of what
 * arrived before the malformed chunk, and is logged without a stack trace and not as an error of the server (no ERROR
 * line, not even Reactor's "onErrorDropped"), since a client can send them at will.
 */
@ExtendWith(OutputCaptureExtension.class)
class RequestFramingIT {

    private final RunningServer server = SharedServers.memory();

    private String putChunked(String id, String chunks) throws IOException {
        String request = "PUT " + SessionApi.SESSIONS_PATH + "/" + id + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Authorization: Bearer " + RunningServer.WRITER_TOKEN + "\r\n"
                + "Content-Type: " + SessionApi.mediaTypeOf("java") + "\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks;
        try (Socket socket = new Socket(server.baseUri().getHost(), server.baseUri().getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(answer);
            return answer.toString(StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void aMalformedChunkSizeIsAnInvalidRequestLoggedWithoutAStack(CapturedOutput output) throws IOException {
        String answer = putChunked("malformed-chunk", "8000\r\n" + "a".repeat(0x8000) + "\r\nzz\r\nabcd\r\n0\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 400").contains(ProblemType.INVALID_REQUEST.uri().toString());
        assertThat(server.reader().get("malformed-chunk").statusCode()).as("the chunks before the malformed one")
                .isEqualTo(404);
        assertLoggedQuietly(output);
    }

    @Test
    void aChunkExtensionOverTheLineLimitIsAnInvalidRequestNotAUriTooLong(CapturedOutput output) throws IOException {
        String answer = putChunked("long-chunk-extension", "4;ext=" + "a".repeat(9 * 1024) + "\r\nabcd\r\n0\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 400").contains(ProblemType.INVALID_REQUEST.uri().toString());
        assertLoggedQuietly(output);
    }

    private static void assertLoggedQuietly(CapturedOutput output) {
        assertThat(output.getOut() + output.getErr())
                .doesNotContain("\tat ", " ERROR ", "onErrorDropped", "500 Server Error", "Unexpected failure",
                        "Status and headers already sent");
    }
}
