package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.store.StoreFullException;
import dev.sessiondata.server.store.StoreUnavailableException;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.util.unit.DataSize;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every error becomes a problem document with its type, status, instance and headers, and is counted once; the
 * errors WebFlux raises itself (no route, a wrong method) included. What the container refuses before WebFlux sees
 * a request is answered by {@link DecodingFailureProblems}, not by this handler.
 */
class ProblemHandlerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ProblemHandler handler = new ProblemHandler(new ServerMetrics(registry, List.of("java")),
            new WriteAdmission(new OverloadProperties(DataSize.ofMegabytes(1), 4, 7)), JSON);

    private MockServerWebExchange handled(Throwable error) {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/api/v1/sessions/x"));
        handler.handle(exchange, error).block();
        return exchange;
    }

    private static JsonNode body(MockServerWebExchange exchange) {
        return JSON.readTree(exchange.getResponse().getBodyAsString().block());
    }

    @Test
    void aRefusalIsItsProblemWithTypeDetailInstanceAndExtensions() {
        MockServerWebExchange exchange = handled(new ApiProblemException(ProblemType.PAYLOAD_TOO_LARGE, "too big",
                java.util.Map.of("maxBytes", 10)));

        assertThat(exchange.getResponse().getStatusCode().value()).isEqualTo(413);
        assertThat(exchange.getResponse().getHeaders().getContentType()).hasToString("application/problem+json");
        JsonNode problem = body(exchange);
        assertThat(problem.get("type").asString()).isEqualTo(ProblemType.PAYLOAD_TOO_LARGE.uri().toString());
        assertThat(problem.get("status").asInt()).isEqualTo(413);
        assertThat(problem.get("detail").asString()).isEqualTo("too big");
        assertThat(problem.get("instance").asString()).isEqualTo("/api/v1/sessions/x");
        assertThat(problem.get("maxBytes").asInt()).isEqualTo(10);
        assertThat(rejected(ProblemType.PAYLOAD_TOO_LARGE)).isEqualTo(1);
    }

    @Test
    void anUnauthorizedRequestIsToldTheSchemeAndAnOverloadedOneWhenToRetry() {
        assertThat(handled(new ApiProblemException(ProblemType.UNAUTHORIZED, "no token")).getResponse().getHeaders()
                .getFirst("WWW-Authenticate")).startsWith("Bearer");
        assertThat(handled(new ApiProblemException(ProblemType.STORE_UNAVAILABLE, "busy")).getResponse().getHeaders()
                .getFirst("Retry-After")).isEqualTo("7");
        MockServerWebExchange outage = handled(new StoreUnavailableException("away", new IllegalStateException()));
        assertThat(outage.getResponse().getStatusCode().value()).isEqualTo(503);
        assertThat(outage.getResponse().getHeaders().getFirst("Retry-After")).isEqualTo("1");
    }

    @Test
    void aFullStoreFailingAStageIsStoreFullWithoutRetryAfter() {
        MockServerWebExchange full = handled(new CompletionException(
                new StoreFullException("OOM command not allowed", new IllegalStateException())));

        assertThat(full.getResponse().getStatusCode().value()).isEqualTo(507);
        assertThat(full.getResponse().getHeaders().getFirst("Retry-After")).isNull();
        assertThat(body(full).get("type").asString()).isEqualTo(ProblemType.STORE_FULL.uri().toString());
        assertThat(rejected(ProblemType.STORE_FULL)).isEqualTo(1);
    }

    @Test
    void webFluxsOwnErrorsGetOurTypesAndKeepTheirHeaders() {
        MockServerWebExchange noRoute = handled(new ResponseStatusException(HttpStatus.NOT_FOUND));
        assertThat(body(noRoute).get("type").asString()).isEqualTo(ProblemType.NOT_FOUND.uri().toString());

        MockServerWebExchange wrongMethod = handled(new MethodNotAllowedException(HttpMethod.PATCH, Set.of(HttpMethod.GET)));
        assertThat(wrongMethod.getResponse().getStatusCode().value()).isEqualTo(405);
        assertThat(wrongMethod.getResponse().getHeaders().getFirst("Allow")).isEqualTo("GET");
        assertThat(body(wrongMethod).get("type").asString()).isEqualTo(ProblemType.METHOD_NOT_ALLOWED.uri().toString());

        assertThat(body(handled(new ResponseStatusException(HttpStatus.BAD_REQUEST))).get("type").asString())
                .isEqualTo(ProblemType.INVALID_REQUEST.uri().toString());
    }

    @Test
    void anythingElseIsAnInternalErrorThatTellsNothingOfItsCause() {
        MockServerWebExchange failed = handled(new IllegalStateException("secret internals"));

        assertThat(failed.getResponse().getStatusCode().value()).isEqualTo(500);
        assertThat(body(failed).get("type").asString()).isEqualTo(ProblemType.INTERNAL_ERROR.uri().toString());
        assertThat(failed.getResponse().getBodyAsString().block()).doesNotContain("secret");
        assertThat(rejected(ProblemType.INTERNAL_ERROR)).isEqualTo(1);
    }

    private double rejected(ProblemType type) {
        return registry.get("sessiondata.requests.rejected").tag("reason", type.slug()).counter().count();
    }
}
