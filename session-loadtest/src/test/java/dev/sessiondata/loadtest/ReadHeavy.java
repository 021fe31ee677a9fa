package dev.sessiondata.loadtest;

import static io.gatling.javaapi.core.CoreDsl.bodyLength;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.doIfOrElse;
import static io.gatling.javaapi.core.CoreDsl.rampUsers;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.sessiondata.workload.SessionWorkload;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The steady state of a busy service: {@code population} sessions are written first, then {@code rate} requests a
 * second for {@code duration} seconds pick a session at random, and every tenth one replaces it while the other
 * nine read it — 90 % reads, 10 % writes. With {@code ramp} (the capacity mode, {@code loadtest/run.sh --capacity})
 * the arrival rate first climbs from a tenth of {@code rate} to {@code rate} over {@code ramp} seconds. The p99
 * bound is asserted on the reads and writes, not on the population's setup writes.
 */
public class ReadHeavy extends Simulation {

    /** Sessions written per second while the population is filled. */
    private static final int PREFILL_RATE = 200;

    private final LoadParameters parameters = LoadParameters.fromSystemProperties(100);
    private final PayloadMix mix = PayloadMix.create(new SchemaPublication(parameters).writer(parameters.serializer()),
            PayloadMix.REALISTIC,
            SessionWorkload.DEFAULT_SEED);
    private final SessionRequests requests = new SessionRequests(parameters);
    private final String runId = Long.toString(System.currentTimeMillis(), 36);
    private final AtomicLong operations = new AtomicLong();

    {
        int population = parameters.population();
        System.out.printf("ReadHeavy: %d sessions of %s bytes, then %.1f requests/s for %s%n%s", population,
                parameters.serializer(), parameters.rate(), parameters.duration(), mix.describe());
        var prefill = scenario("prefill").feed(populationFeeder())
                .exec(requests.put("prefill", session -> mix.payload(session.getLong("sequence")).bytes())
                        .check(status().in(200, 201)));
        var traffic = scenario("90% reads, 10% writes").feed(operationFeeder())
                .exec(doIfOrElse(session -> session.getBoolean("write"))
                        .then(requests.put("write", this::replacement).check(status().is(200)))
                        .orElse(requests.read("read", 0).check(bodyLength().gt(0))));
        var load = parameters.ramp().isZero()
                ? traffic.injectOpen(constantUsersPerSec(parameters.rate()).during(parameters.duration()))
                : traffic.injectOpen(rampUsersPerSec(parameters.rate() / 10).to(parameters.rate()).during(parameters.ramp()),
                        constantUsersPerSec(parameters.rate()).during(parameters.duration()));
        setUp(prefill.injectOpen(rampUsers(population).during(Duration.ofSeconds(Math.max(1, population / PREFILL_RATE))))
                .andThen(load))
                .protocols(requests.protocol())
                // the population writes are setup: only the measured reads and writes count in the p99 bound
                .assertions(requests.assertions("read", "write"));
    }

    private Iterator<Map<String, Object>> populationFeeder() {
        return IntStream.range(0, parameters.population())
                .mapToObj(sequence -> Map.<String, Object>of("sessionId", sessionId(sequence), "sequence", (long) sequence))
                .iterator();
    }

    /** A seeded random session per operation, and every tenth operation a write: the same sequence every run. */
    private Iterator<Map<String, Object>> operationFeeder() {
        return Stream.generate(() -> {
            long operation = operations.getAndIncrement();
            int sequence = new SplittableRandom(SessionWorkload.DEFAULT_SEED + operation).nextInt(parameters.population());
            return Map.<String, Object>of(
                    "sessionId", sessionId(sequence),
                    "sequence", (long) sequence,
                    "generation", operation,
                    "write", operation % 10 == 9);
        }).iterator();
    }

    private String sessionId(int sequence) {
        return "readheavy-" + runId + "-" + sequence;
    }

    private byte[] replacement(Session session) {
        return mix.replacement(session.getLong("sequence"), session.getLong("generation")).bytes();
    }
}
