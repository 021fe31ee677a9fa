package dev.sessiondata.docs.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.testsupport.TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The manual's curl tour runs as written against a real server and gets the answers its comments promise. */
class HttpTourIT {

    @Test
    void theTourGetsEachAnswerItsCommentsName() throws IOException, InterruptedException {
        try (TestServer server = TestServer.start()) {
            ProcessBuilder tour = new ProcessBuilder("bash", System.getProperty("sessiondata.docs.http-tour"))
                    .redirectErrorStream(true);
            tour.environment().put("TOKEN", TestServer.TOKEN);
            tour.environment().put("API", server.baseUri().resolve("/api/v1").toString());
            Process process = tour.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

            assertThat(process.exitValue()).as(output).isZero();
            assertThat(output).contains("\"active\"", "HTTP/1.1 201", "Repr-Digest: sha-256=:", "HTTP/1.1 200",
                    "HTTP/1.1 412", "HTTP/1.1 204", "HTTP/1.1 404");
        }
    }
}
