package dev.sessiondata.client;

import java.io.IOException;

/**
 * The request did not get an answer: connection refused or reset, a timeout, an unreadable or oversized response,
 * or the calling thread was interrupted (then the cause is an {@link java.io.InterruptedIOException} and the
 * thread's interrupt flag is set again). The {@link IOException} is kept as the cause.
 */
public class SessionTransportException extends SessionClientException {

    private static final long serialVersionUID = 1L;

    public SessionTransportException(String message, IOException cause) {
        super(message + ": " + cause, cause);
    }

    @Override
    public synchronized IOException getCause() {
        return (IOException) super.getCause();
    }
}
