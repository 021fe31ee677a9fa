package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import java.util.Map;

/**
 * A request the API refuses: becomes a problem document of {@code type} with {@code detail} and extra members.
 * Without a stack trace: a refusal is an answer, not a failure of the server, and nobody reads where it came from;
 * filling one in would be most of what a refused request costs.
 */
public class ApiProblemException extends RuntimeException {

    private final ProblemType type;
    private final Map<String, Object> properties;
    private final Map<String, String> headers;

    public ApiProblemException(ProblemType type, String detail) {
        this(type, detail, Map.of());
    }

    public ApiProblemException(ProblemType type, String detail, Map<String, Object> properties) {
        this(type, detail, properties, Map.of());
    }

    /** With response headers of the refusal's own, such as the {@code Allow} of a {@code 405}. */
    public ApiProblemException(ProblemType type, String detail, Map<String, Object> properties,
            Map<String, String> headers) {
        super(detail, null, false, false);
        this.type = type;
        this.properties = Map.copyOf(properties);
        this.headers = Map.copyOf(headers);
    }

    /** Response headers that go with the problem. */
    public Map<String, String> headers() {
        return headers;
    }

    public ProblemType type() {
        return type;
    }

    /** Extension members of the problem document, such as {@code accepted} or {@code maxBytes}. */
    public Map<String, Object> properties() {
        return properties;
    }
}
