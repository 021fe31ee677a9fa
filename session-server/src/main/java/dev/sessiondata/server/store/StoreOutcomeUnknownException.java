package dev.sessiondata.server.store;

/**
 * The store did not answer a command in time after it was sent: the command may have been applied, or may still
 * be. Unlike a plain {@link StoreUnavailableException} (nothing was written) a caller must not take the operation as
 * undone; a retry of a conditional write may then find its own write. It is a kind of unavailability, so a caller
 * that does not tell the two apart answers it as one; the HTTP answer of its own is problem type
 * {@code store-outcome-unknown}.
 */
public class StoreOutcomeUnknownException extends StoreUnavailableException {

    public StoreOutcomeUnknownException(String message, Throwable cause) {
        super(message, cause);
    }
}
