package dev.sessiondata.client;

/**
 * {@code 503}: the service cannot serve the request now, such as while its store is unreachable; a later retry may
 * succeed.
 */
public class ServiceUnavailableException extends SessionServiceException {

    private static final long serialVersionUID = 1L;

    public ServiceUnavailableException(String request, Problem problem) {
        super(request, problem);
    }
}
