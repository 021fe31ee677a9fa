package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.metrics.ServerMetrics;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Replaces Spring Boot's error page: errors that happen outside Spring MVC (in the container, or a filter) are
 * forwarded to {@code /error} and answered here as problem documents too. Only the container's error dispatch
 * reaches that page: a request for {@code /error} itself is an unknown path, {@code 404}, so that nobody can raise
 * the internal-error count (and its alerts) from outside.
 */
@RestController
public class ProblemErrorController implements ErrorController {

    private final ServerMetrics metrics;

    public ProblemErrorController(ServerMetrics metrics) {
        this.metrics = metrics;
    }

    @RequestMapping("${server.error.path:${error.path:/error}}")
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        if (request.getDispatcherType() != DispatcherType.ERROR) {
            return answer(ProblemType.NOT_FOUND, request.getRequestURI());
        }
        int status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof Integer code ? code : 500;
        String path = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String uri ? uri : null;
        return answer(Problems.typeOf(status), path);
    }

    private ResponseEntity<ProblemDetail> answer(ProblemType type, @Nullable String path) {
        metrics.rejected(type);
        return ResponseEntity.status(type.status())
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(Problems.of(type, null, path, Map.of()));
    }
}
