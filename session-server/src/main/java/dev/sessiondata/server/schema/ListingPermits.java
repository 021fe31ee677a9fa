package dev.sessiondata.server.schema;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.http.ApiProblemException;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * The descriptor listing pages built at once. A page and its answer take up to twice
 * {@link SchemaProperties#maxBatchSize()} on the heap while they are built, before the bound on answers in flight sees
 * the answer: clients asking for pages faster than they read them (200 connections, four pages each) had the server
 * build them all at once, and the heap's collections took every other request's time. Listings are rare (a client's
 * startup), so a few at once is plenty; the route waits for one on a timer for a short while, and a listing that
 * still finds none is the {@code 503} of an overloaded server. Never blocks a thread.
 */
final class ListingPermits {

    private final int max;
    private final Semaphore permits;

    ListingPermits(int max) {
        this.max = max;
        this.permits = new Semaphore(max);
    }

    /** Takes one; give it back with {@link #release()} once the page's answer is made. */
    ListingPermits acquire() {
        if (!permits.tryAcquire()) {
            throw new ApiProblemException(ProblemType.STORE_UNAVAILABLE, "The server is at its bound of " + max
                    + " descriptor listings built at once; retry later.", Map.of("overloaded", true));
        }
        return this;
    }

    void release() {
        permits.release();
    }
}
