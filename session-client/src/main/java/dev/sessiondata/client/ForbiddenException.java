package dev.sessiondata.client;

/** {@code 403}: the token is valid but may not do this, such as a write with a read-only token. */
public class ForbiddenException extends SessionServiceException {

    private static final long serialVersionUID = 1L;

    public ForbiddenException(String request, Problem problem) {
        super(request, problem);
    }
}
