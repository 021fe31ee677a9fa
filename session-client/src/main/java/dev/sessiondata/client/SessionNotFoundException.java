package dev.sessiondata.client;

/**
 * {@code 404} where a session must exist: {@link SessionClient#touch} and {@link SessionClient#update}. A plain
 * read of an absent session is {@link java.util.Optional#empty()}, a delete {@code false}.
 */
public class SessionNotFoundException extends SessionServiceException {

    private static final long serialVersionUID = 1L;

    public SessionNotFoundException(String request, Problem problem) {
        super(request, problem);
    }
}
