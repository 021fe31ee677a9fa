package dev.sessiondata.bench.spi;

import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.PayloadSize;
import dev.sessiondata.bench.BenchSerializers;
import dev.sessiondata.serializer.SessionSerializer;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
 * Round trip, and read alone, of the race's context through our {@link SessionSerializer} ({@code path = spi}) and
 * through the library called directly ({@code path = raw}, see {@link RawCodec}). The report states spi / raw per id
 * and size; the target is an overhead under 3 %. The guards (allow-list, read budget, limits) all work while reading,
 * so {@link #read()} shows their cost apart from any difference in how the two paths write.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SpiOverheadBenchmark {

    /** One of {@link RawCodec#IDS}; the report passes those that are available. */
    @Param({"kryo"})
    public String serializer;

    @Param({"spi", "raw"})
    public String path;

    @Param({"1KB", "100KB"})
    public String size;

    private SessionContext context;
    private UnaryOperator<SessionContext> roundTrip;
    private Function<byte[], SessionContext> reader;
    private byte[] bytes;

    @Setup
    public void setUp() {
        context = BenchSerializers.workload(PayloadSize.ofLabel(size)).context();
        if ("spi".equals(path)) {
            SessionSerializer instance = BenchSerializers.create(serializer);
            roundTrip = value -> instance.deserialize(instance.serialize(value), SessionContext.class);
            reader = data -> instance.deserialize(data, SessionContext.class);
            bytes = instance.serialize(context);
        } else {
            RawCodec raw = RawCodec.of(serializer);
            roundTrip = value -> (SessionContext) raw.read(raw.write(value));
            reader = data -> (SessionContext) raw.read(data);
            bytes = raw.write(context);
        }
        if (!context.equals(roundTrip.apply(context))) {
            throw new IllegalStateException(serializer + " (" + path + ") does not read back what it wrote");
        }
    }

    @Benchmark
    public SessionContext roundTrip() {
        return roundTrip.apply(context);
    }

    @Benchmark
    public SessionContext read() {
        return reader.apply(bytes);
    }
}
