package dev.sessiondata.client;

import java.util.Objects;

/**
 * The service refused a request: its status and the problem document it sent. Statuses the client handles
 * specially have their own subtypes; any other (such as {@code 400} or {@code 500}) is this type itself.
 */
public class SessionServiceException extends SessionClientException {

    private static final long serialVersionUID = 1L;

    private final transient Problem problem;

    public SessionServiceException(String request, Problem problem) {
        super(request + " answered " + problem.summary(), null);
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    /** The HTTP status of the answer. */
    public int status() {
        return problem.status();
    }

    /** The problem document the service sent. */
    public Problem problem() {
        return problem;
    }
}
