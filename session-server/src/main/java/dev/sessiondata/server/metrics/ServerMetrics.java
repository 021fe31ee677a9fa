package dev.sessiondata.server.metrics;

import dev.sessiondata.api.ProblemType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The meters of the web layer: what came in, and what was refused and why. Built once: a payload summary per
 * accepted serializer and a rejection counter per problem type, so that recording is a map lookup.
 */
public final class ServerMetrics {

    private final Map<String, DistributionSummary> payloads;
    private final Meter.MeterProvider<DistributionSummary> otherPayloads;
    private final Map<ProblemType, Counter> rejections = new EnumMap<>(ProblemType.class);
    private final Map<String, Counter> writes;

    /** @param serializerIds the serializers writes may use; a write of another id is refused before it is recorded */
    public ServerMetrics(MeterRegistry registry, List<String> serializerIds) {
        DistributionSummary.Builder payload = DistributionSummary.builder("sessiondata.session.payload.size")
                .description("Size of the session bodies written, per serializer")
                .baseUnit("bytes");
        this.otherPayloads = payload.withRegistry(registry);
        this.payloads = serializerIds.stream().distinct()
                .collect(Collectors.toUnmodifiableMap(Function.identity(), id -> otherPayloads.withTag("serializer", id)));
        Meter.MeterProvider<Counter> writesBySerializer = Counter.builder("sessiondata.session.writes")
                .description("Session writes stored, per serializer: when an old id stays at zero, accepted can drop it")
                .withRegistry(registry);
        this.writes = serializerIds.stream().distinct().collect(Collectors.toUnmodifiableMap(Function.identity(),
                id -> writesBySerializer.withTag("serializer", id)));
        for (ProblemType type : ProblemType.values()) {
            rejections.put(type, Counter.builder("sessiondata.requests.rejected")
                    .description("Requests answered with a problem document, by problem type")
                    .tag("reason", type.slug())
                    .register(registry));
        }
    }

    /** Records the size of a session body written with {@code serializerId}. */
    public void payload(String serializerId, int bytes) {
        DistributionSummary summary = payloads.get(serializerId);
        (summary != null ? summary : otherPayloads.withTag("serializer", serializerId)).record(bytes);
    }

    /** Counts a session write the store took; only accepted serializers get that far. */
    public void written(String serializerId) {
        Counter counter = writes.get(serializerId);
        if (counter != null) {
            counter.increment();
        }
    }

    /** The writes stored per accepted serializer since the server started, in id order. */
    public Map<String, Long> writesBySerializer() {
        Map<String, Long> counts = new TreeMap<>();
        writes.forEach((id, counter) -> counts.put(id, (long) counter.count()));
        return counts;
    }

    /** Counts a request answered with a problem document; the reason is the problem type's slug. */
    public void rejected(ProblemType reason) {
        rejections.get(reason).increment();
    }
}
