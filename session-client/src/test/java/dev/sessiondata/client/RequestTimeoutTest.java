package dev.sessiondata.client;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The client's transports: its own (HttpURLConnection to an http service) and an application's HttpClient. */
class RequestTimeoutTest {

    @Test
    void anAnswerThatNeverComesFailsTheRequestAtItsTimeout() throws IOException {
        // the kernel accepts the connection into the backlog; nothing ever reads the request or answers it
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            SessionClient client = silentClient(silent).build();

            assertThatThrownBy(() -> client.get("user-42", String.class))
                    .isInstanceOf(SessionTransportException.class)
                    .hasMessageContaining("GET /api/v1/sessions/user-42")
                    .hasCauseInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void anAnswerThatNeverComesFailsTheRequestOfAnApplicationsHttpClientAtItsTimeout() throws IOException {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            SessionClient client = silentClient(silent).httpClient(HttpClient.newHttpClient()).build();

            assertThatThrownBy(() -> client.get("user-42", String.class))
                    .isInstanceOf(SessionTransportException.class)
                    .hasMessageContaining("GET /api/v1/sessions/user-42")
                    .hasCauseInstanceOf(HttpTimeoutException.class);
        }
    }

    private static SessionClientBuilder silentClient(ServerSocket silent) {
        return SessionClient.builder()
                .baseUri(URI.create("http://127.0.0.1:" + silent.getLocalPort()))
                .token(SessionClientTest.TOKEN)
                .requestTimeout(Duration.ofMillis(200));
    }
}
