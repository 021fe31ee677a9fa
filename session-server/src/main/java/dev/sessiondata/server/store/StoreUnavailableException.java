package dev.sessiondata.server.store;

/**
 * The store's backend cannot be reached (refused, not connected): the operation was not sent and had no effect. A
 * command sent but not answered in time is a {@link StoreOutcomeUnknownException}.
 */
public class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
