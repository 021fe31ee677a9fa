package dev.sessiondata.server.metrics;

import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.WriteResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

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
    private final Timer touchHit;
    private final Timer touchMiss;
    private final Timer touchError;
    private final Map<WriteResult.Outcome, Timer> puts = new EnumMap<>(WriteResult.Outcome.class);
    private final Timer putError;
    private final Map<DeleteResult, Timer> deletes = new EnumMap<>(DeleteResult.class);
    private final Timer deleteError;
    private final Counter putConflicts;
    private final Counter deleteConflicts;

    public MeteredSessionStore(SessionStore delegate, String storeName, MeterRegistry registry) {
        this.delegate = delegate;
        getHit = timer(registry, storeName, "get", "hit");
        getMiss = timer(registry, storeName, "get", "miss");
        getError = timer(registry, storeName, "get", "error");
        touchHit = timer(registry, storeName, "touch", "hit");
        touchMiss = timer(registry, storeName, "touch", "miss");
        touchError = timer(registry, storeName, "touch", "error");
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
    }

    @Override
    public Optional<StoredSession> get(String id, boolean slide) {
        long start = System.nanoTime();
        Timer timer = getError;
        try {
            Optional<StoredSession> found = delegate.get(id, slide);
            timer = found.isPresent() ? getHit : getMiss;
            return found;
        } finally {
            timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public WriteResult put(String id, SessionWrite write, Precondition precondition) {
        long start = System.nanoTime();
        Timer timer = putError;
        try {
            WriteResult result = delegate.put(id, write, precondition);
            timer = puts.get(result.outcome());
            if (result.outcome() == WriteResult.Outcome.PRECONDITION_FAILED) {
                putConflicts.increment();
            }
            return result;
        } finally {
            timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public DeleteResult delete(String id, Precondition precondition) {
        long start = System.nanoTime();
        Timer timer = deleteError;
        try {
            DeleteResult result = delegate.delete(id, precondition);
            timer = deletes.get(result);
            if (result == DeleteResult.PRECONDITION_FAILED) {
                deleteConflicts.increment();
            }
            return result;
        } finally {
            timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public Optional<Instant> touch(String id) {
        long start = System.nanoTime();
        Timer timer = touchError;
        try {
            Optional<Instant> found = delegate.touch(id);
            timer = found.isPresent() ? touchHit : touchMiss;
            return found;
        } finally {
            timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public long sessionCount() {
        return delegate.sessionCount();
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
