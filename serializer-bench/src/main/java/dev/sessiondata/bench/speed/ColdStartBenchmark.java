package dev.sessiondata.bench.speed;

import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.SessionWorkload;
import dev.sessiondata.bench.BenchSerializers;
import dev.sessiondata.serializer.SessionSerializer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a client pays at startup: creating the serializer and its first round trip, once per fresh JVM. One-nio and
 * Fory generate code on first use, Kryo and Jackson build their serializers by reflection: this is where that shows.
 *
 * <p>The context is a small one (two workload units and 256 bytes of state, about 1-2 KB), built without running
 * any serializer, so that no library is warmed before the measured call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(5)
public class ColdStartBenchmark {

    @Param({"java"})
    public String serializer;

    private SessionContext context;

    @Setup
    public void setUp() {
        context = new SessionWorkload(SessionWorkload.DEFAULT_SEED).shape(2, 256);
    }

    @Benchmark
    public SessionContext firstRoundTrip() {
        SessionSerializer instance = BenchSerializers.create(serializer);
        return instance.deserialize(instance.serialize(context), SessionContext.class);
    }
}
