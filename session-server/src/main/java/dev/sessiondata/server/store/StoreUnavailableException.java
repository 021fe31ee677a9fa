package dev.sessiondata.server.store;

/** The store's backend cannot be reached or did not answer in time; the operation had no effect or is unknown. */
public class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
