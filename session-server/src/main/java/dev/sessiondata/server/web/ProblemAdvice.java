package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.store.StoreFullException;
import dev.sessiondata.server.store.StoreUnavailableException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Turns every error into an RFC 9457 problem document with a stable {@code type}: the API's own refusals, an
 * unreachable store ({@code 503}), Spring MVC's errors (unknown path, wrong method, unacceptable media type...)
 * and anything unexpected ({@code 500}, logged once here). Each one is counted as a rejected request.
 */
@RestControllerAdvice
public class ProblemAdvice extends ResponseEntityExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(ProblemAdvice.class);

    private final ServerMetrics metrics;
    private final WriteAdmission admission;

    public ProblemAdvice(ServerMetrics metrics, WriteAdmission admission) {
        this.metrics = metrics;
        this.admission = admission;
    }

    @ExceptionHandler(ApiProblemException.class)
    ResponseEntity<Object> refused(ApiProblemException e, HttpServletRequest request) {
        HttpHeaders headers = new HttpHeaders();
        if (e.type() == ProblemType.UNAUTHORIZED) {
            headers.set(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"sessiondata\"");
        }
        if (e.type().status() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
            headers.set(HttpHeaders.RETRY_AFTER, String.valueOf(admission.retryAfterSeconds()));
        }
        return respond(e.type(), e.getMessage(), e.properties(), headers, request.getRequestURI());
    }

    @ExceptionHandler(StoreUnavailableException.class)
    ResponseEntity<Object> storeUnavailable(StoreUnavailableException e, HttpServletRequest request) {
        LOG.warn("Session store unavailable for {} {}: {}", request.getMethod(), request.getRequestURI(), e.toString());
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, "1");
        return respond(ProblemType.STORE_UNAVAILABLE, "The session store cannot be reached; retry later.",
                Map.of(), headers, request.getRequestURI());
    }

    /** Full is not away: no {@code Retry-After}, since retrying soon only adds load to a store refusing writes. */
    @ExceptionHandler(StoreFullException.class)
    ResponseEntity<Object> storeFull(StoreFullException e, HttpServletRequest request) {
        LOG.warn("Session store full for {} {}: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        return respond(ProblemType.STORE_FULL, "The session store is out of memory and refuses writes; nothing was "
                + "written.", Map.of(), new HttpHeaders(), request.getRequestURI());
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception e, HttpServletRequest request) {
        LOG.error("Unexpected failure of {} {}", request.getMethod(), request.getRequestURI(), e);
        return respond(ProblemType.INTERNAL_ERROR, "The server failed; the failure is logged.", Map.of(),
                new HttpHeaders(), request.getRequestURI());
    }

    /** Spring MVC's own errors arrive here with a {@code about:blank} problem; give them our type. */
    @Override
    protected ResponseEntity<Object> createResponseEntity(@Nullable Object body, HttpHeaders headers,
            HttpStatusCode statusCode, WebRequest request) {
        ProblemType type = Problems.typeOf(statusCode.value());
        String detail = body instanceof ProblemDetail problem ? problem.getDetail() : null;
        String path = request instanceof ServletWebRequest servlet ? servlet.getRequest().getRequestURI() : null;
        return respond(type, detail, Map.of(), headers, path);
    }

    private ResponseEntity<Object> respond(ProblemType type, @Nullable String detail, Map<String, Object> properties,
            HttpHeaders headers, @Nullable String path) {
        metrics.rejected(type);
        return ResponseEntity.status(type.status()).headers(headers).body(Problems.of(type, detail, path, properties));
    }
}
