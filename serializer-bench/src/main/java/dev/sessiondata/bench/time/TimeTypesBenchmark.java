package dev.sessiondata.bench.time;

import dev.sessiondata.bench.BenchSerializers;
import dev.sessiondata.serializer.SessionSerializer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Round-trip throughput of the event stamped with a Date, an Instant or a LocalDateTime, per serializer id. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class TimeTypesBenchmark {

    @Param({"java"})
    public String serializer;

    /** One of {@link TimeStampedEvents#TYPES}. */
    @Param({"Date", "Instant", "LocalDateTime"})
    public String timeType;

    private SessionSerializer instance;
    private Object event;
    private Class<?> type;

    @Setup
    public void setUp() {
        instance = BenchSerializers.create(serializer);
        event = TimeStampedEvents.sample(timeType);
        type = TimeStampedEvents.classOf(timeType);
        @SuppressWarnings("unchecked")
        Class<Object> declared = (Class<Object>) type;
        BenchSerializers.verifiedRoundTrip(instance, event, declared);
    }

    @Benchmark
    public Object roundTrip() {
        return instance.deserialize(instance.serialize(event), type);
    }
}
