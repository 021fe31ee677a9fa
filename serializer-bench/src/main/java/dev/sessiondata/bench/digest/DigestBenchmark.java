package dev.sessiondata.bench.digest;

import dev.sessiondata.client.internal.ContentDigest;
import dev.sessiondata.workload.PayloadSize;
import java.util.List;
import java.util.SplittableRandom;
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
 * The time the session client spends on RFC 9530 digests per body: {@code Content-Digest} on a write, the
 * {@code Repr-Digest} check on a read. SHA-256 costs the same for any bytes of a length, so the body is seeded random
 * bytes of each payload size rather than a serialized context. Not part of the race's report: run it with
 * {@code java -jar serializer-bench/target/benchmarks.jar jmh DigestBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class DigestBenchmark {

    @Param({"1KB", "10KB", "100KB", "1MB"})
    public String size;

    private byte[] body;
    private List<String> reprDigest;

    @Setup
    public void setUp() {
        body = new byte[PayloadSize.ofLabel(size).bytes()];
        new SplittableRandom(20261122).nextBytes(body);
        reprDigest = List.of(ContentDigest.of(body));
    }

    /** What a write adds: the field value of its body. */
    @Benchmark
    public String contentDigest() {
        return ContentDigest.of(body);
    }

    /** What a read adds: the check of its body against the field (which passes here). */
    @Benchmark
    public byte[] verifyReprDigest() {
        ContentDigest.verify("GET /api/v1/sessions/bench", reprDigest, body);
        return body;
    }
}
