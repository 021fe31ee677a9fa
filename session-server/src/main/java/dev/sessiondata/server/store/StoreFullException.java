package dev.sessiondata.server.store;

/**
 * The store's backend refuses writes for want of memory (Redis's {@code OOM} at {@code maxmemory} under
 * {@code noeviction}): the write had no effect, and retrying soon will not help.
 */
public class StoreFullException extends RuntimeException {

    public StoreFullException(String message, Throwable cause) {
        super(message, cause);
    }
}
