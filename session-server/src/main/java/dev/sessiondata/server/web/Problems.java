package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Builds problem documents with the stable types of {@link ProblemType}. */
final class Problems {

    private Problems() {
    }

    /** The members of an RFC 9457 problem document, in the order RFC 9457 lists them, then the extensions. */
    static Map<String, Object> of(ProblemType type, @Nullable String detail, @Nullable String path,
            Map<String, Object> properties) {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", type.uri().toString());
        problem.put("title", type.title());
        problem.put("status", type.status());
        if (detail != null) {
            problem.put("detail", detail);
        }
        if (path != null) {
            problem.put("instance", path);
        }
        properties.forEach(problem::putIfAbsent);
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
