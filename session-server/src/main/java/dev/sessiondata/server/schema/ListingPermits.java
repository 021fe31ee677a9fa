package dev.sessiondata.server.schema;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.http.ApiProblemException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Semaphore;
import reactor.core.publisher.Mono;

/**
 * The descriptor listing pages built at once. A page and its answer take up to twice
 * {@link SchemaProperties#maxBatchSize()} on the heap while they are built, before the bound on answers in flight sees
 * the answer: clients asking for pages faster than they read them (200 connections, four pages each) had the server
 * build them all at once, and the heap's collections took every other request's time. Listings are rare (a client's
 * startup), so a few at once is plenty; the route waits for one on a timer for a short while, and a listing that
 * still finds none is the {@code 503} of an overloaded server. Never blocks a thread.
 */
final class ListingPermits {

    private static final Duration RETRY = Duration.ofMillis(10);

    private final int max;
    private final Semaphore permits;

    ListingPermits(int max) {
        this.max = max;
        this.permits = new Semaphore(max);
    }

    /** Takes one now or refuses; give it back with {@link #release()} once the page's answer is made. */
    ListingPermits acquire() {
        if (!permits.tryAcquire()) {
            throw refusal();
        }
        return this;
    }

    /**
     * Takes one as soon as one is free, looking every {@link #RETRY} on a timer for up to {@code wait}, then refuses.
     * Looking costs a {@code tryAcquire}: no exception is made until the wait is over.
     */
    Mono<ListingPermits> acquire(Duration wait) {
        return Mono.fromCallable(() -> permits.tryAcquire() ? this : null)
                .repeatWhenEmpty(Math.toIntExact(Math.max(1, wait.toMillis() / RETRY.toMillis())),
                        attempts -> attempts.delayElements(RETRY))
                // repeatWhenEmpty's own signal that the attempts are spent
                .onErrorMap(IllegalStateException.class, spent -> refusal());
    }

    private ApiProblemException refusal() {
        return new ApiProblemException(ProblemType.STORE_UNAVAILABLE, "The server is at its bound of " + max
                + " descriptor listings built at once; retry later.", Map.of("overloaded", true));
    }

    void release() {
        permits.release();
    }
}
