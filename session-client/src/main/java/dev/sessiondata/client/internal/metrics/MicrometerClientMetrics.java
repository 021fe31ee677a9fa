package dev.sessiondata.client.internal.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Meter.MeterProvider;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The client's meters in a Micrometer registry, all tagged with low-cardinality values:
 * <ul>
 *   <li>{@code sessiondata.client.serialize} and {@code sessiondata.client.deserialize}: timers per
 *       {@code serializer};</li>
 *   <li>{@code sessiondata.client.payload.size}: a summary in bytes per {@code serializer} and {@code direction}
 *       ({@code write} or {@code read});</li>
 *   <li>{@code sessiondata.client.requests}: a timer per {@code operation} and {@code outcome};</li>
 *   <li>{@code sessiondata.client.fallback.writes}: a counter per {@code active} (the service's active serializer,
 *       which this client lacks) and {@code serializer} (the accepted one it wrote with instead).</li>
 * </ul>
 * Percentiles and histograms stay off, as a library should leave them to the application's meter filters. The
 * meters are described once, here, and each tagged meter is looked up in the registry once and then kept: a
 * {@code MeterProvider} lookup builds the tags and the meter id and searches the registry on every call, which was
 * 2 % of the Spring sample shop's CPU samples on a near-cached write (docs/benchmarks/2026-11-29-near-cached-write-hop-by-hop).
 * The tags are few (the enabled serializers, the client's operations and outcomes), so the kept meters are too.
 */
final class MicrometerClientMetrics implements ClientMetrics {

    static final String SERIALIZE = "sessiondata.client.serialize";
    static final String DESERIALIZE = "sessiondata.client.deserialize";
    static final String PAYLOAD_SIZE = "sessiondata.client.payload.size";
    static final String REQUESTS = "sessiondata.client.requests";
    static final String FALLBACK_WRITES = "sessiondata.client.fallback.writes";

    private final MeterProvider<Timer> serializeTimers;
    private final MeterProvider<Timer> deserializeTimers;
    private final MeterProvider<DistributionSummary> payloadSizes;
    private final MeterProvider<Timer> requestTimers;
    private final MeterProvider<Counter> fallbackWrites;
    private final Map<String, SerializerMeters> writes = new ConcurrentHashMap<>();
    private final Map<String, SerializerMeters> reads = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Timer>> requests = new ConcurrentHashMap<>();

    MicrometerClientMetrics(MeterRegistry registry) {
        Objects.requireNonNull(registry, "meterRegistry");
        this.serializeTimers = Timer.builder(SERIALIZE).description("Time to serialize one session value")
                .withRegistry(registry);
        this.deserializeTimers = Timer.builder(DESERIALIZE).description("Time to deserialize one session payload")
                .withRegistry(registry);
        this.payloadSizes = DistributionSummary.builder(PAYLOAD_SIZE).description("Size of serialized session payloads")
                .baseUnit("bytes").withRegistry(registry);
        this.requestTimers = Timer.builder(REQUESTS).description("HTTP requests to the session-data service")
                .withRegistry(registry);
        this.fallbackWrites = Counter.builder(FALLBACK_WRITES)
                .description("Writes with an accepted serializer because the client lacks the active one")
                .withRegistry(registry);
    }

    @Override
    public void serialized(String serializerId, long nanos, int bytes) {
        writes.computeIfAbsent(serializerId, id -> new SerializerMeters(serializeTimers.withTags("serializer", id),
                payloadSizes.withTags("serializer", id, "direction", "write"))).record(nanos, bytes);
    }

    @Override
    public void deserialized(String serializerId, long nanos, int bytes) {
        reads.computeIfAbsent(serializerId, id -> new SerializerMeters(deserializeTimers.withTags("serializer", id),
                payloadSizes.withTags("serializer", id, "direction", "read"))).record(nanos, bytes);
    }

    @Override
    public void request(String operation, String outcome, long nanos) {
        requests.computeIfAbsent(operation, op -> new ConcurrentHashMap<>())
                .computeIfAbsent(outcome, out -> requestTimers.withTags("operation", operation, "outcome", out))
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void fallbackWrite(String activeSerializerId, String serializerId) {
        fallbackWrites.withTags("active", activeSerializerId, "serializer", serializerId).increment();
    }

    /** The timer and the payload size summary of one serializer in one direction. */
    private record SerializerMeters(Timer timer, DistributionSummary sizes) {

        void record(long nanos, int bytes) {
            timer.record(nanos, TimeUnit.NANOSECONDS);
            sizes.record(bytes);
        }
    }
}
