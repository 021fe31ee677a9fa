package dev.sessiondata.client;

/**
 * {@code 412}: the session changed since the version a conditional write named (or, for a create-only write,
 * exists), or {@link SessionClient#update} ran out of attempts.
 */
public class ConflictException extends SessionServiceException {

    private static final long serialVersionUID = 1L;

    public ConflictException(String request, Problem problem) {
        super(request, problem);
    }
}
