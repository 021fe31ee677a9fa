package dev.sessiondata.bench.legacy;

import dev.sessiondata.bench.BenchSerializers;
import dev.sessiondata.serializer.SessionSerializer;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The old file-serialization benchmark's round trip, per serializer id and for the {@link HandWrittenCodec}
 * ({@code codec = hand-written}): the floor ratio of the report is the best id's throughput over the codec's.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class LegacyObjectBenchmark {

    /** A serializer id or {@value HandWrittenCodec#ID}; the report passes every available id. */
    @Param({"java", HandWrittenCodec.ID})
    public String codec;

    private LegacyObject value;
    private UnaryOperator<LegacyObject> roundTrip;

    @Setup
    public void setUp() {
        value = LegacyObject.sample();
        if (HandWrittenCodec.ID.equals(codec)) {
            roundTrip = object -> HandWrittenCodec.decode(HandWrittenCodec.encode(object));
        } else {
            SessionSerializer serializer = BenchSerializers.create(codec);
            roundTrip = object -> serializer.deserialize(serializer.serialize(object), LegacyObject.class);
        }
        if (!value.equals(roundTrip.apply(value))) {
            throw new IllegalStateException(codec + " does not read back what it wrote");
        }
    }

    @Benchmark
    public LegacyObject roundTrip() {
        return roundTrip.apply(value);
    }
}
