package dev.sessiondata.server.metrics;

import dev.sessiondata.api.ProblemType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;

/** The meters of the web layer: what came in, and what was refused and why. */
public final class ServerMetrics {

    private final MeterRegistry registry;

    public ServerMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Records the size of a session body written with {@code serializerId}. */
    public void payload(String serializerId, int bytes) {
        DistributionSummary.builder("sessiondata.session.payload.size")
                .description("Size of the session bodies written, per serializer")
                .baseUnit("bytes")
                .tag("serializer", serializerId)
                .register(registry)
                .record(bytes);
    }

    /** Counts a request answered with a problem document; the reason is the problem type's slug. */
    public void rejected(ProblemType reason) {
        Counter.builder("sessiondata.requests.rejected")
                .description("Requests answered with a problem document, by problem type")
                .tag("reason", reason.slug())
                .register(registry)
                .increment();
    }
}
