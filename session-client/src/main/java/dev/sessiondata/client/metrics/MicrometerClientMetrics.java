package dev.sessiondata.client.metrics;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The client's meters in a Micrometer registry, all tagged with low-cardinality values:
 * <ul>
 *   <li>{@code sessiondata.client.serialize} and {@code sessiondata.client.deserialize}: timers per
 *       {@code serializer};</li>
 *   <li>{@code sessiondata.client.payload.size}: a summary in bytes per {@code serializer} and {@code direction}
 *       ({@code write} or {@code read});</li>
 *   <li>{@code sessiondata.client.requests}: a timer per {@code operation} and {@code outcome}.</li>
 * </ul>
 * Percentiles and histograms stay off, as a library should leave them to the application's meter filters.
 */
final class MicrometerClientMetrics implements ClientMetrics {

    static final String SERIALIZE = "sessiondata.client.serialize";
    static final String DESERIALIZE = "sessiondata.client.deserialize";
    static final String PAYLOAD_SIZE = "sessiondata.client.payload.size";
    static final String REQUESTS = "sessiondata.client.requests";

    private final MeterRegistry registry;

    MicrometerClientMetrics(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "meterRegistry");
    }

    @Override
    public void serialized(String serializerId, long nanos, int bytes) {
        timer(SERIALIZE, "Time to serialize one session value", "serializer", serializerId)
                .record(nanos, TimeUnit.NANOSECONDS);
        size(serializerId, "write").record(bytes);
    }

    @Override
    public void deserialized(String serializerId, long nanos, int bytes) {
        timer(DESERIALIZE, "Time to deserialize one session payload", "serializer", serializerId)
                .record(nanos, TimeUnit.NANOSECONDS);
        size(serializerId, "read").record(bytes);
    }

    @Override
    public void request(String operation, String outcome, long nanos) {
        timer(REQUESTS, "HTTP requests to the session-data service", "operation", operation, "outcome", outcome)
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    private Timer timer(String name, String description, String... tags) {
        return Timer.builder(name).description(description).tags(tags).register(registry);
    }

    private DistributionSummary size(String serializerId, String direction) {
        return DistributionSummary.builder(PAYLOAD_SIZE)
                .description("Size of serialized session payloads")
                .baseUnit("bytes")
                .tags("serializer", serializerId, "direction", direction)
                .register(registry);
    }
}
