package dev.sessiondata.loadtest;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.md5;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.sessiondata.workload.SessionWorkload;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The life of one shared session, as many application servers live it: one application creates it, several others
 * read it, one updates it with a compare-and-set on the version it read, a writer that lost the race is refused,
 * and the session is deleted. {@code rate} new sessions start every second for {@code duration} seconds.
 *
 * <p>Every read compares the body's MD5 with what was written, so a store that hands back other bytes fails the
 * run, not only one that answers with an error.
 */
public class SessionLifecycle extends Simulation {

    /** How many applications read each session after it is created. */
    static final int READING_APPLICATIONS = 3;

    private final LoadParameters parameters = LoadParameters.fromSystemProperties(5);
    private final PayloadMix mix = PayloadMix.create(new SchemaPublication(parameters).writer(parameters.serializer()),
            PayloadMix.REALISTIC,
            SessionWorkload.DEFAULT_SEED);
    private final SessionRequests requests = new SessionRequests(parameters);
    private final String runId = Long.toString(System.currentTimeMillis(), 36);
    private final AtomicLong sessions = new AtomicLong();

    {
        System.out.printf("SessionLifecycle: %s bytes, %.1f sessions/s for %s%n%s", parameters.serializer(),
                parameters.rate(), parameters.duration(), mix.describe());
        setUp(scenario("session lifecycle").feed(sessionFeeder()).exec(lifecycle())
                .injectOpen(constantUsersPerSec(parameters.rate()).during(parameters.duration())))
                .protocols(requests.protocol())
                .assertions(requests.assertions());
    }

    private Iterator<Map<String, Object>> sessionFeeder() {
        return Stream.generate(() -> {
            long sequence = sessions.getAndIncrement();
            return Map.<String, Object>of(
                    "sessionId", "lifecycle-" + runId + "-" + sequence,
                    "sequence", sequence,
                    "md5", mix.payload(sequence).md5(),
                    "updatedMd5", mix.replacement(sequence, 0).md5());
        }).iterator();
    }

    private ChainBuilder lifecycle() {
        ChainBuilder chain = exec(requests.put("create", session -> mix.payload(session.getLong("sequence")).bytes())
                .header("If-None-Match", "*")
                .check(status().is(201), header("ETag").saveAs("etag")))
                .exitHereIfFailed();
        for (int application = 0; application < READING_APPLICATIONS; application++) {
            chain = chain.exec(requests.read("read", application)
                    .check(header("ETag").isEL("#{etag}"), md5().isEL("#{md5}")));
        }
        return chain
                .exec(requests.put("update if match", this::replacement)
                        .header("If-Match", "#{etag}")
                        .check(status().is(200), header("ETag").not("#{etag}"), header("ETag").saveAs("updatedEtag")))
                .exec(requests.put("stale update refused", this::replacement)
                        .header("If-Match", "#{etag}")
                        .check(status().is(412), header("Content-Type").is("application/problem+json")))
                .exec(requests.read("read after update", 0)
                        .check(header("ETag").isEL("#{updatedEtag}"), md5().isEL("#{updatedMd5}")))
                .exec(requests.delete("delete if match")
                        .header("If-Match", "#{updatedEtag}")
                        .check(status().is(204)))
                .exec(requests.get("read deleted", 1).check(status().is(404)));
    }

    private byte[] replacement(Session session) {
        return mix.replacement(session.getLong("sequence"), 0).bytes();
    }
}
