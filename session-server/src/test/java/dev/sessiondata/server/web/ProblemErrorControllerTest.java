package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.metrics.ServerMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletRequest;

/** The container's error page answers its errors as problem documents; asked for directly it is an unknown path. */
class ProblemErrorControllerTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ProblemErrorController controller = new ProblemErrorController(new ServerMetrics(registry, List.of("java")));

    @Test
    void anErrorTheContainerForwardsIsAProblemWithItsStatusAndPath() {
        MockHttpServletRequest forwarded = new MockHttpServletRequest("GET", "/error");
        forwarded.setDispatcherType(DispatcherType.ERROR);
        forwarded.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, 400);
        forwarded.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, "/api/v1/sessions/x");

        var answer = controller.error(forwarded);

        assertThat(answer.getStatusCode().value()).isEqualTo(400);
        assertThat(answer.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(answer.getBody()).isNotNull();
        assertThat(answer.getBody().getType()).isEqualTo(ProblemType.INVALID_REQUEST.uri());
        assertThat(answer.getBody().getInstance()).hasToString("/api/v1/sessions/x");
        assertThat(rejected(ProblemType.INVALID_REQUEST)).isEqualTo(1);
    }

    @Test
    void aRequestForTheErrorPageItselfIsNotFoundAndNoInternalError() {
        var answer = controller.error(new MockHttpServletRequest("GET", "/error"));

        assertThat(answer.getStatusCode().value()).isEqualTo(404);
        assertThat(answer.getBody()).isNotNull();
        assertThat(answer.getBody().getType()).isEqualTo(ProblemType.NOT_FOUND.uri());
        assertThat(rejected(ProblemType.INTERNAL_ERROR)).isZero();
        assertThat(rejected(ProblemType.NOT_FOUND)).isEqualTo(1);
    }

    private double rejected(ProblemType type) {
        return registry.get("sessiondata.requests.rejected").tag("reason", type.slug()).counter().count();
    }
}
