package dev.sessiondata.bench.speed;

import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.PayloadSize;
import dev.sessiondata.bench.BenchSerializers;
import dev.sessiondata.serializer.SessionSerializer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Serialize, deserialize and round-trip throughput of one serializer id on the race's session context of one
 * size. The context and its bytes are made once per fork, after the serializer's work in the background (its
 * warm-up) is done ({@link BackgroundWork}); a serializer that does not read back what it wrote fails the setup
 * instead of producing a number. With {@link #STEADY_PROPERTY} set (the decision profile), the
 * setup runs round trips until the JVM runs them steadily, before JMH's warm-up.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SerializerSpeedBenchmark {

    /**
     * The system property that makes the setup run round trips until steady ({@link SteadyState}), its value the
     * longest that may take, in milliseconds.
     */
    public static final String STEADY_PROPERTY = "sessiondata.bench.steadyMillis";

    /** The report passes every id of {@link BenchSerializers#ids()}. */
    @Param({"java"})
    public String serializer;

    /** A {@link PayloadSize} label. */
    @Param({"0B", "100B", "1KB", "10KB", "100KB", "1MB"})
    public String size;

    private SessionSerializer instance;
    private SessionContext context;
    private byte[] bytes;
    /** Where the warm-up to a steady state keeps each result, so the JIT cannot drop the work. */
    private SessionContext warmedUp;

    @Setup
    public void setUp() throws InterruptedException {
        instance = BenchSerializers.create(serializer);
        System.out.println(serializer + " " + size + ": " + BackgroundWork.awaitQuiet(Duration.ofSeconds(30)));
        context = BenchSerializers.workload(PayloadSize.ofLabel(size)).context();
        bytes = instance.serialize(context);
        BenchSerializers.verifiedRoundTrip(instance, context, SessionContext.class);
        long steadyMillis = Long.getLong(STEADY_PROPERTY, 0);
        if (steadyMillis > 0) {
            System.out.println(serializer + " " + size + " round trip: "
                    + SteadyState.reach(() -> warmedUp = roundTrip(), steadyMillis));
        }
    }

    @Benchmark
    public byte[] serialize() {
        return instance.serialize(context);
    }

    @Benchmark
    public SessionContext deserialize() {
        return instance.deserialize(bytes, SessionContext.class);
    }

    @Benchmark
    public SessionContext roundTrip() {
        return instance.deserialize(instance.serialize(context), SessionContext.class);
    }
}
