package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import java.net.URI;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/** Builds problem documents with the stable types of {@link ProblemType}. */
final class Problems {

    private Problems() {
    }

    static ProblemDetail of(ProblemType type, @Nullable String detail, @Nullable String path, Map<String, Object> properties) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(type.status()), detail);
        problem.setType(type.uri());
        problem.setTitle(type.title());
        if (path != null) {
            problem.setInstance(URI.create(path));
        }
        properties.forEach(problem::setProperty);
        return problem;
    }

    /** The type of an error Spring or the container produced, known only by its status. */
    static ProblemType typeOf(int status) {
        return switch (status) {
            case 401 -> ProblemType.UNAUTHORIZED;
            case 403 -> ProblemType.FORBIDDEN;
            case 404 -> ProblemType.NOT_FOUND;
            case 405 -> ProblemType.METHOD_NOT_ALLOWED;
            case 406 -> ProblemType.NOT_ACCEPTABLE;
            case 412 -> ProblemType.PRECONDITION_FAILED;
            case 413 -> ProblemType.PAYLOAD_TOO_LARGE;
            case 415 -> ProblemType.UNSUPPORTED_MEDIA_TYPE;
            case 503 -> ProblemType.STORE_UNAVAILABLE;
            default -> status >= 400 && status < 500 ? ProblemType.INVALID_REQUEST : ProblemType.INTERNAL_ERROR;
        };
    }
}
