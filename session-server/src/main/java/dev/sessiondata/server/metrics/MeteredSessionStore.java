package dev.sessiondata.server.metrics;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.WriteResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Gives every store the same meters, as Micrometer's cache binders do for every cache:
 * {@code sessiondata.store.operations} (timer; tags store, operation, outcome),
 * {@code sessiondata.store.conflicts} (refused conditional writes and deletes; tags store, operation) and
 * {@code sessiondata.sessions.active} (gauge; tag store).
 */
public final class MeteredSessionStore implements SessionStore {

    private final SessionStore delegate;
    private final String storeName;
    private final MeterRegistry registry;

    public MeteredSessionStore(SessionStore delegate, String storeName, MeterRegistry registry) {
        this.delegate = delegate;
        this.storeName = storeName;
        this.registry = registry;
        Gauge.builder("sessiondata.sessions.active", delegate, SessionStore::sessionCount)
                .description("Sessions held by the store")
                .tag("store", storeName)
                .strongReference(true)
                .register(registry);
    }

    @Override
    public Optional<StoredSession> get(String id, boolean slide) {
        return timed("get", () -> delegate.get(id, slide), found -> found.isPresent() ? "hit" : "miss");
    }

    @Override
    public WriteResult put(String id, SessionWrite write, Precondition precondition) {
        WriteResult result = timed("put", () -> delegate.put(id, write, precondition),
                written -> tag(written.outcome()));
        if (result.outcome() == WriteResult.Outcome.PRECONDITION_FAILED) {
            conflict("put");
        }
        return result;
    }

    @Override
    public DeleteResult delete(String id, Precondition precondition) {
        DeleteResult result = timed("delete", () -> delegate.delete(id, precondition), MeteredSessionStore::tag);
        if (result == DeleteResult.PRECONDITION_FAILED) {
            conflict("delete");
        }
        return result;
    }

    @Override
    public Optional<Instant> touch(String id) {
        return timed("touch", () -> delegate.touch(id), found -> found.isPresent() ? "hit" : "miss");
    }

    @Override
    public DescriptorWriteResult putDescriptors(List<ClassDescriptor> descriptors) {
        return timed("put-descriptors", () -> delegate.putDescriptors(descriptors),
                written -> written.isRefused() ? "conflict" : "stored");
    }

    @Override
    public Optional<ClassDescriptor> descriptor(long uid) {
        return timed("get-descriptor", () -> delegate.descriptor(uid), found -> found.isPresent() ? "hit" : "miss");
    }

    @Override
    public List<ClassDescriptor> descriptors() {
        return timed("list-descriptors", delegate::descriptors, all -> "success");
    }

    @Override
    public long sessionCount() {
        return delegate.sessionCount();
    }

    private <T> T timed(String operation, Supplier<T> call, Function<T, String> outcome) {
        long start = System.nanoTime();
        String result = "error";
        try {
            T value = call.get();
            result = outcome.apply(value);
            return value;
        } finally {
            Timer.builder("sessiondata.store.operations")
                    .description("Session store operations")
                    .tags("store", storeName, "operation", operation, "outcome", result)
                    .register(registry)
                    .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    private void conflict(String operation) {
        Counter.builder("sessiondata.store.conflicts")
                .description("Conditional writes and deletes refused because the session changed or existed")
                .tags("store", storeName, "operation", operation)
                .register(registry)
                .increment();
    }

    private static String tag(Enum<?> outcome) {
        return outcome.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
