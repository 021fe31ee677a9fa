package dev.sessiondata.server.web;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.metrics.ServerMetrics;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns every error into an RFC 9457 problem document with a stable {@code type}: the API's own refusals, an
 * unreachable store ({@code 503}), a store out of memory ({@code 507}), WebFlux's errors (unknown path, wrong
 * method, the actuator's refusals...) and anything unexpected ({@code 500}, logged once here). Each one is counted
 * as a rejected request.
 *
 * <p>It runs before Spring Boot's error handler and answers everything, so no error reaches a default error page;
 * WebFlux has no {@code /error} endpoint, and a request for that path is an unknown path like any other.
 */
public final class ProblemHandler implements WebExceptionHandler, Ordered {

    private static final Logger LOG = LoggerFactory.getLogger(ProblemHandler.class);
    private static final MediaType PROBLEM = MediaType.parseMediaType(SessionApi.PROBLEM_MEDIA_TYPE);

    private final ServerMetrics metrics;
    private final int retryAfterSeconds;
    private final JsonMapper json;

    public ProblemHandler(ServerMetrics metrics, WriteAdmission admission, JsonMapper json) {
        this.metrics = metrics;
        this.retryAfterSeconds = admission.retryAfterSeconds();
        this.json = json;
    }

    /** Before Spring Boot's {@code DefaultErrorWebExceptionHandler} ({@code -1}). */
    @Override
    public int getOrder() {
        return -2;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable thrown) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.error(thrown);
        }
        Throwable failure = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
        ServerHttpRequest request = exchange.getRequest();
        HttpHeaders headers = response.getHeaders();
        if (failure instanceof ResponseStatusException status) {
            // WebFlux's own refusals (no route, a method the path does not have, a malformed request) with their
            // headers (Allow of a 405)
            status.getHeaders().forEach(headers::put);
            return respond(exchange, new ProblemAnswer(Problems.typeOf(status.getStatusCode().value()),
                    status.getReason(), Map.of(), Map.of()));
        }
        if (DisconnectedClientHelper.isClientDisconnectedException(failure)) {
            // the client left (closed the connection mid-body, say): there is nobody to answer
            LOG.debug("Client gone during {} {}: {}", request.getMethod(), request.getPath(), failure.toString());
            return Mono.empty();
        }
        ProblemAnswer answer = ProblemAnswer.of(failure, request.getMethod().name(), request.getPath().value(),
                retryAfterSeconds);
        answer.headers().forEach(headers::set);
        return respond(exchange, answer);
    }

    private Mono<Void> respond(ServerWebExchange exchange, ProblemAnswer answer) {
        metrics.rejected(answer.type());
        ServerHttpResponse response = exchange.getResponse();
        byte[] body = answer.body(json, exchange.getRequest().getPath().value());
        response.setStatusCode(HttpStatusCode.valueOf(answer.type().status()));
        HttpHeaders headers = response.getHeaders();
        headers.setContentType(PROBLEM);
        headers.setContentLength(body.length);
        headers.remove(HttpHeaders.ETAG);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
    }
}
