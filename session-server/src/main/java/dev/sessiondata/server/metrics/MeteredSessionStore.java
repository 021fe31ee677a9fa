package dev.sessiondata.server.metrics;

import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.IdChangeResult;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionRead;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.WriteResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Gives every session store the same meters, as Micrometer's cache binders do for every cache:
 * {@code sessiondata.store.operations} (timer; tags store, operation, outcome) and
 * {@code sessiondata.store.conflicts} (refused conditional writes and deletes; tags store, operation). Every meter
 * is built once, here: an operation only looks its timer up in a field or an enum map. The active-sessions gauge
 * is {@link SessionCountGauge}'s.
 */
public final class MeteredSessionStore implements SessionStore {

    static final String OPERATIONS = "sessiondata.store.operations";
    static final String OPERATIONS_DESCRIPTION = "Session store operations";

    private final SessionStore delegate;
    private final Timer getHit;
    private final Timer getMiss;
    private final Timer getError;
    private final Timer getLarger;
    private final Timer peekHit;
    private final Timer peekMiss;
    private final Timer peekError;
    private final Timer peekLarger;
    private final Timer touchHit;
    private final Timer touchMiss;
    private final Timer touchError;
    private final Timer touchBatch;
    private final Timer touchBatchError;
    private final Map<WriteResult.Outcome, Timer> puts = new EnumMap<>(WriteResult.Outcome.class);
    private final Timer putError;
    private final Map<DeleteResult, Timer> deletes = new EnumMap<>(DeleteResult.class);
    private final Timer deleteError;
    private final Counter putConflicts;
    private final Counter deleteConflicts;
    private final Map<IdChangeResult.Outcome, Timer> idChanges = new EnumMap<>(IdChangeResult.Outcome.class);
    private final Timer idChangeError;

    public MeteredSessionStore(SessionStore delegate, String storeName, MeterRegistry registry) {
        this.delegate = delegate;
        getHit = timer(registry, storeName, "get", "hit");
        getMiss = timer(registry, storeName, "get", "miss");
        getError = timer(registry, storeName, "get", "error");
        getLarger = timer(registry, storeName, "get", "larger");
        peekHit = timer(registry, storeName, "peek", "hit");
        peekMiss = timer(registry, storeName, "peek", "miss");
        peekError = timer(registry, storeName, "peek", "error");
        peekLarger = timer(registry, storeName, "peek", "larger");
        touchHit = timer(registry, storeName, "touch", "hit");
        touchMiss = timer(registry, storeName, "touch", "miss");
        touchError = timer(registry, storeName, "touch", "error");
        touchBatch = timer(registry, storeName, "touch-batch", "done");
        touchBatchError = timer(registry, storeName, "touch-batch", "error");
        for (WriteResult.Outcome outcome : WriteResult.Outcome.values()) {
            puts.put(outcome, timer(registry, storeName, "put", tag(outcome)));
        }
        putError = timer(registry, storeName, "put", "error");
        for (DeleteResult outcome : DeleteResult.values()) {
            deletes.put(outcome, timer(registry, storeName, "delete", tag(outcome)));
        }
        deleteError = timer(registry, storeName, "delete", "error");
        putConflicts = conflicts(registry, storeName, "put");
        deleteConflicts = conflicts(registry, storeName, "delete");
        for (IdChangeResult.Outcome outcome : IdChangeResult.Outcome.values()) {
            idChanges.put(outcome, timer(registry, storeName, "change-id", tag(outcome)));
        }
        idChangeError = timer(registry, storeName, "change-id", "error");
    }

    /** A read answered by the length of a session larger than its ceiling is timed as {@code larger}. */
    @Override
    public CompletionStage<SessionRead> get(String id, long maxBytes) {
        long start = System.nanoTime();
        return timed(() -> delegate.get(id, maxBytes)).whenComplete((read, failure) -> record(failure != null ? getError
                : read.session() != null ? getHit : read.isLarger() ? getLarger : getMiss, start));
    }

    @Override
    public CompletionStage<SessionRead> peek(String id, long maxBytes) {
        long start = System.nanoTime();
        return timed(() -> delegate.peek(id, maxBytes)).whenComplete((read, failure) -> record(failure != null
                ? peekError : read.session() != null ? peekHit : read.isLarger() ? peekLarger : peekMiss, start));
    }

    @Override
    public CompletionStage<WriteResult> put(String id, SessionWrite write, Precondition precondition) {
        long start = System.nanoTime();
        return timed(() -> delegate.put(id, write, precondition)).whenComplete((result, failure) -> {
            record(failure != null ? putError : puts.get(result.outcome()), start);
            if (failure == null && result.outcome() == WriteResult.Outcome.PRECONDITION_FAILED) {
                putConflicts.increment();
            }
        });
    }

    @Override
    public CompletionStage<DeleteResult> delete(String id, Precondition precondition) {
        long start = System.nanoTime();
        return timed(() -> delegate.delete(id, precondition)).whenComplete((result, failure) -> {
            record(failure != null ? deleteError : deletes.get(result), start);
            if (result == DeleteResult.PRECONDITION_FAILED) {
                deleteConflicts.increment();
            }
        });
    }

    @Override
    public CompletionStage<Optional<Instant>> touch(String id) {
        long start = System.nanoTime();
        return timed(() -> delegate.touch(id)).whenComplete((found, failure) ->
                record(failure != null ? touchError : found.isPresent() ? touchHit : touchMiss, start));
    }

    /** The delegate's own batch, timed once as a whole ({@code touch-batch}), not as a touch per id. */
    @Override
    public CompletionStage<Map<String, Instant>> touchAll(List<String> ids) {
        long start = System.nanoTime();
        return timed(() -> delegate.touchAll(ids)).whenComplete((touched, failure) ->
                record(failure != null ? touchBatchError : touchBatch, start));
    }

    @Override
    public CompletionStage<IdChangeResult> changeId(String id, String newId, Precondition precondition) {
        long start = System.nanoTime();
        return timed(() -> delegate.changeId(id, newId, precondition)).whenComplete((result, failure) ->
                record(failure != null ? idChangeError : idChanges.get(result.outcome()), start));
    }

    /** The delegate's stage; one that throws instead of failing its stage is timed as an error all the same. */
    private static <T> CompletionStage<T> timed(Supplier<CompletionStage<T>> operation) {
        try {
            return operation.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static void record(Timer timer, long start) {
        timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }

    private static Timer timer(MeterRegistry registry, String store, String operation, String outcome) {
        return Timer.builder(OPERATIONS)
                .description(OPERATIONS_DESCRIPTION)
                .tags("store", store, "operation", operation, "outcome", outcome)
                .register(registry);
    }

    private static Counter conflicts(MeterRegistry registry, String store, String operation) {
        return Counter.builder("sessiondata.store.conflicts")
                .description("Conditional writes and deletes refused because the session changed or existed")
                .tags("store", store, "operation", operation)
                .register(registry);
    }

    private static String tag(Enum<?> outcome) {
        return outcome.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
