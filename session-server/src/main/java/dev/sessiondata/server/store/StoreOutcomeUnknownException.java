package dev.sessiondata.server.store;

/**
 * The store did not answer a command in time after it was sent: the command may have been applied, or may still
 * be. Unlike {@link StoreUnavailableException} (nothing was written) a caller must not take the operation as
 * undone; a retry of a conditional write may then find its own write.
 */
public class StoreOutcomeUnknownException extends RuntimeException {

    public StoreOutcomeUnknownException(String message, Throwable cause) {
        super(message, cause);
    }
}
