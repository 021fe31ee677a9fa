package dev.sessiondata.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.client.ScriptedServer;
import dev.sessiondata.client.ScriptedServer.Answer;
import dev.sessiondata.client.ScriptedServer.Recorded;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Both transports send and answer alike: the client's own HttpURLConnection and an application's HttpClient. */
class ExchangeTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();

    static Stream<Exchange> exchanges() {
        return Stream.of(new UrlConnectionExchange(Duration.ofSeconds(5)),
                new HttpClientExchange(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), true));
    }

    private URI uri(String path) {
        return URI.create(server.uri() + path);
    }

    /** {@code request} with the token and a successful body of 100 bytes at most. */
    private static ApiRequest limited(ApiRequest request) {
        return new ApiRequest(request.operation(), request.method(), request.path(), request.headers(),
                request.body(), null, 100).header("Authorization", "Bearer t");
    }

    @ParameterizedTest
    @MethodSource("exchanges")
    void aWriteSendsItsMethodTokenHeadersAndBodyAndGetsStatusHeadersAndBody(Exchange exchange) throws Exception {
        server.enqueue(Answer.status(200).header("ETag", "\"v2\"").body("text/plain", "done"));
        ApiRequest request = ApiRequest.put("put", "/s/1", "payload".getBytes(StandardCharsets.UTF_8))
                .header("Content-Type", "application/vnd.sessiondata.java")
                .header("If-Match", "\"v1\"");

        Exchange.Answer answer = exchange.exchange(uri("/s/1"), limited(request), TIMEOUT);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.headers().firstValue("etag")).contains("\"v2\"");
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo("done");
        Recorded received = server.takeRequest();
        assertThat(received.method()).isEqualTo("PUT");
        assertThat(received.target()).isEqualTo("/s/1");
        assertThat(received.header("Authorization")).isEqualTo("Bearer t");
        assertThat(received.header("Content-Type")).isEqualTo("application/vnd.sessiondata.java");
        assertThat(received.header("If-Match")).isEqualTo("\"v1\"");
        assertThat(received.bodyText()).isEqualTo("payload");
    }

    @ParameterizedTest
    @MethodSource("exchanges")
    void aPostWithoutBodySendsAnEmptyOneAndARefusalKeepsItsProblem(Exchange exchange) throws Exception {
        server.enqueue(Answer.problem(404, "urn:x", "Not Found", "no such session", ""));

        Exchange.Answer answer = exchange.exchange(uri("/s/1/touch"), limited(ApiRequest.post("touch", "/s/1/touch")),
                TIMEOUT);

        assertThat(answer.status()).isEqualTo(404);
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).contains("no such session");
        Recorded received = server.takeRequest();
        assertThat(received.method()).isEqualTo("POST");
        assertThat(received.body()).isEmpty();
    }

    /**
     * What the class comments of both transports promise: a write whose answer never comes is sent once more at
     * most (HttpURLConnection re-sends a buffered request once when a connection fails before the answer, so that a
     * stale pooled connection is replaced), then fails as an {@link IOException}, which the client turns into a
     * transport failure. A conditional write that had landed then meets 412 like after any concurrent write.
     */
    @ParameterizedTest
    @MethodSource("exchanges")
    void aWriteWhoseAnswerNeverComesFailsAfterOneResendAtMost(Exchange exchange) throws Exception {
        server.enqueue(Answer.closeWithoutAnswer()).enqueue(Answer.closeWithoutAnswer());
        ApiRequest request = ApiRequest.put("put", "/s/1", new byte[] {1, 2, 3}).header("If-Match", "\"v1\"");

        assertThatThrownBy(() -> exchange.exchange(uri("/s/1"), limited(request), TIMEOUT))
                .isInstanceOf(IOException.class);

        assertThat(server.takeRequest().method()).isEqualTo("PUT");
        assertThat(server.pendingRequests()).as("sends after the first").isLessThanOrEqualTo(1);
    }

    @ParameterizedTest
    @MethodSource("exchanges")
    void aBodyBeyondTheLimitFailsTheRequest(Exchange exchange) {
        server.enqueue(Answer.status(200).body("application/vnd.sessiondata.java", new byte[101]));

        assertThatThrownBy(() -> exchange.exchange(uri("/s/1"), limited(ApiRequest.get("get", "/s/1", 100)), TIMEOUT))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exceeds the limit of 100 bytes");
    }
}
