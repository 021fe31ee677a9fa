package dev.sessiondata.client;

/**
 * {@code 504}: the service, or a gateway before it, did not get its store's (or the service's) answer in time after
 * the request went on: the change may have been applied, or may still be. A kind of {@link ServiceUnavailableException},
 * so that a caller who treats every unavailability alike (retry later, fail the request) keeps doing so; a caller
 * whose change must not happen twice catches this one and reads the session before it retries, as
 * {@link SessionClient#update update} does.
 */
public class OutcomeUnknownException extends ServiceUnavailableException {

    private static final long serialVersionUID = 1L;

    public OutcomeUnknownException(String request, Problem problem) {
        super(request, problem);
    }
}
