package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.store.StoreFullException;
import dev.sessiondata.server.store.StoreUnavailableException;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
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
        if (failure instanceof ApiProblemException refused) {
            if (refused.type() == ProblemType.UNAUTHORIZED) {
                headers.set(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"sessiondata\"");
            }
            if (refused.type().status() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
                headers.set(HttpHeaders.RETRY_AFTER, String.valueOf(retryAfterSeconds));
            }
            return respond(exchange, refused.type(), refused.getMessage(), refused.properties());
        }
        if (failure instanceof StoreUnavailableException unavailable) {
            LOG.warn("Session store unavailable for {} {}: {}", request.getMethod(), request.getPath(), unavailable.toString());
            headers.set(HttpHeaders.RETRY_AFTER, "1");
            return respond(exchange, ProblemType.STORE_UNAVAILABLE, "The session store cannot be reached; retry later.",
                    Map.of());
        }
        if (failure instanceof StoreFullException full) {
            // full is not away: no Retry-After, since retrying soon only adds load to a store refusing writes
            LOG.warn("Session store full for {} {}: {}", request.getMethod(), request.getPath(), full.getMessage());
            return respond(exchange, ProblemType.STORE_FULL, "The session store is out of memory and refuses writes; "
                    + "nothing was written.", Map.of());
        }
        if (failure instanceof ResponseStatusException status) {
            // WebFlux's own refusals (no route, a method the path does not have, a malformed request) with their
            // headers (Allow of a 405)
            status.getHeaders().forEach(headers::put);
            return respond(exchange, Problems.typeOf(status.getStatusCode().value()), status.getReason(), Map.of());
        }
        if (DisconnectedClientHelper.isClientDisconnectedException(failure)) {
            // the client left (closed the connection mid-body, say): there is nobody to answer
            LOG.debug("Client gone during {} {}: {}", request.getMethod(), request.getPath(), failure.toString());
            return Mono.empty();
        }
        LOG.error("Unexpected failure of {} {}", request.getMethod(), request.getPath(), failure);
        return respond(exchange, ProblemType.INTERNAL_ERROR, "The server failed; the failure is logged.", Map.of());
    }

    private Mono<Void> respond(ServerWebExchange exchange, ProblemType type, @Nullable String detail,
            Map<String, Object> properties) {
        metrics.rejected(type);
        ServerHttpResponse response = exchange.getResponse();
        byte[] body = json.writeValueAsBytes(Problems.of(type, detail, exchange.getRequest().getPath().value(), properties));
        response.setStatusCode(HttpStatusCode.valueOf(type.status()));
        HttpHeaders headers = response.getHeaders();
        headers.setContentType(PROBLEM);
        headers.setContentLength(body.length);
        headers.remove(HttpHeaders.ETAG);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
    }
}
