package dev.sessiondata.server.metrics;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.SchemaStore;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Times a schema store's operations in {@code sessiondata.store.operations} beside the session operations
 * (operations put-descriptors, get-descriptor, list-descriptors). Rare calls, so one {@link Meter.MeterProvider}
 * fills in the operation and outcome tags: the builder is made once, never per call.
 */
public final class MeteredSchemaStore implements SchemaStore {

    private final SchemaStore delegate;
    private final Meter.MeterProvider<Timer> timers;

    public MeteredSchemaStore(SchemaStore delegate, String storeName, MeterRegistry registry) {
        this.delegate = delegate;
        this.timers = Timer.builder(MeteredSessionStore.OPERATIONS)
                .description(MeteredSessionStore.OPERATIONS_DESCRIPTION)
                .tag("store", storeName)
                .withRegistry(registry);
    }

    @Override
    public DescriptorWriteResult putDescriptors(String serializerId, List<ClassDescriptor> descriptors,
            long maxTotalBytes) {
        return timed("put-descriptors", () -> delegate.putDescriptors(serializerId, descriptors, maxTotalBytes),
                written -> written.full() ? "full" : written.isRefused() ? "conflict" : "stored");
    }

    @Override
    public Optional<ClassDescriptor> descriptor(String serializerId, long uid) {
        return timed("get-descriptor", () -> delegate.descriptor(serializerId, uid),
                found -> found.isPresent() ? "hit" : "miss");
    }

    @Override
    public List<ClassDescriptor> descriptors(String serializerId, OptionalLong after, int limit) {
        return timed("list-descriptors", () -> delegate.descriptors(serializerId, after, limit), page -> "success");
    }

    private <T> T timed(String operation, Supplier<T> call, Function<T, String> outcome) {
        Timer.Sample sample = Timer.start();
        String result = "error";
        try {
            T value = call.get();
            result = outcome.apply(value);
            return value;
        } finally {
            sample.stop(timers.withTags("operation", operation, "outcome", result));
        }
    }
}
