package dev.sessiondata.client;

/**
 * {@code 409} {@code session-exists}: an id change named a new id under which a session exists already; the session
 * kept its id.
 */
public class SessionExistsException extends SessionServiceException {

    private static final long serialVersionUID = 1L;

    public SessionExistsException(String request, Problem problem) {
        super(request, problem);
    }
}
