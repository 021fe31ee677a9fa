package dev.sessiondata.client;

/** {@code 401}: the service did not accept the token (missing, unknown or wrong). */
public class UnauthorizedException extends SessionServiceException {

    private static final long serialVersionUID = 1L;

    public UnauthorizedException(String request, Problem problem) {
        super(request, problem);
    }
}
