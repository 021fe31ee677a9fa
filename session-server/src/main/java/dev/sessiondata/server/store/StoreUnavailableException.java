package dev.sessiondata.server.store;

/**
 * The store's backend cannot be reached (refused, not connected): the operation was not sent and had no effect;
 * except for the subtype {@link StoreOutcomeUnknownException}, a command sent but not answered in time, which may
 * have been applied.
 */
public class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
