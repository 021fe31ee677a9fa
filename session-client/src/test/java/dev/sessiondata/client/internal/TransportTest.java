package dev.sessiondata.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The chain every request goes through: interceptors in order, then the exchange, which may never be reached. */
class TransportTest {

    private static final URI BASE = URI.create("http://sessions.internal:8080/");

    /** Records what reaches the network and answers 200 with an empty body. */
    private static final class RecordingExchange implements Exchange {

        final List<String> sent = new CopyOnWriteArrayList<>();
        boolean closed;

        @Override
        public Answer exchange(URI uri, ApiRequest request, Duration timeout) {
            sent.add(request.method() + " " + uri + " " + request.headers());
            return new Answer(200, HttpHeaders.of(Map.of(), (name, value) -> true), new byte[0]);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void interceptorsSeeTheRequestInTheirOrderAndTheAnswerInTheReverseOne() {
        List<String> seen = new CopyOnWriteArrayList<>();
        Interceptor outer = chain -> {
            seen.add("outer request");
            return chain.proceed(chain.request().header("X-Outer", "1")).thenApply(response -> {
                seen.add("outer answer");
                return response;
            });
        };
        Interceptor inner = chain -> {
            seen.add("inner request " + chain.request().headers());
            return chain.proceed(chain.request()).thenApply(response -> {
                seen.add("inner answer");
                return response;
            });
        };
        RecordingExchange exchange = new RecordingExchange();

        new Transport(List.of(outer, inner), exchange, BASE, Duration.ofSeconds(1))
                .send(ApiRequest.get("get", "/api/v1/sessions/a", 10));

        assertThat(seen).containsExactly("outer request", "inner request [X-Outer, 1]", "inner answer",
                "outer answer");
        assertThat(exchange.sent).containsExactly("GET http://sessions.internal:8080/api/v1/sessions/a [X-Outer, 1]");
    }

    /** What a near cache does: it answers a read itself, and the verbs cannot tell. */
    @Test
    void anInterceptorMayAnswerWithoutTheExchange() {
        ApiResponse cached = new ApiResponse("GET /api/v1/sessions/a", 200,
                HttpHeaders.of(Map.of("ETag", List.of("\"v1\"")), (name, value) -> true), new byte[] {1});
        RecordingExchange exchange = new RecordingExchange();
        Transport transport = new Transport(List.of(chain -> CompletableFuture.completedFuture(cached)), exchange, BASE, Duration.ofSeconds(1));

        ApiResponse response = transport.send(ApiRequest.get("get", "/api/v1/sessions/a", 10));

        assertThat(response.version()).contains("v1");
        assertThat(exchange.sent).isEmpty();
    }

    @Test
    void closingClosesTheExchangeAndRefusesLaterRequests() {
        RecordingExchange exchange = new RecordingExchange();
        Transport transport = new Transport(List.of(), exchange, BASE, Duration.ofSeconds(1));

        transport.close();

        assertThat(exchange.closed).isTrue();
        assertThatThrownBy(() -> transport.send(ApiRequest.get("get", "/api/v1/sessions/a", 10)))
                .isInstanceOf(IllegalStateException.class);
        assertThat(exchange.sent).isEmpty();
    }
}
