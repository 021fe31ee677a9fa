package dev.sessiondata.server.web;

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

    public ApiProblemException(ProblemType type, String detail) {
        this(type, detail, Map.of());
    }

    public ApiProblemException(ProblemType type, String detail, Map<String, Object> properties) {
        super(detail, null, false, false);
        this.type = type;
        this.properties = Map.copyOf(properties);
    }

    public ProblemType type() {
        return type;
    }

    /** Extension members of the problem document, such as {@code accepted} or {@code maxBytes}. */
    public Map<String, Object> properties() {
        return properties;
    }
}
