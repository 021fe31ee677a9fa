package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.ReadOptions;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.testsupport.RedisTarget;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Two service instances on one Redis: a client subscribed to instance 2 sees the changes written through instance 1,
 * and reads with the token of a write through instance 1 are never stale, with instance 2's feed frozen, delayed by
 * 500 ms, and cut.
 *
 * <p>Each of the three runs is {@code nearcache.ryw.iterations} iterations of "write through instance 1, read
 * through instance 2 with the write's version": 1,000 in the default build (the Maven property of session-client's
 * pom), 10,000 with {@code -Dnearcache.ryw.iterations=10000}, as issue 34 asks (about a minute more per run on two
 * cores).
 */
class NearCacheTwoInstancesIT {

    private static final int ITERATIONS = Integer.getInteger("nearcache.ryw.iterations", 1_000);
    private static final Duration FEED_DELAY = Duration.ofMillis(500);

    @Test
    void changesThroughOneInstanceReachTheCacheOfAClientOfTheOther() throws Exception {
        RedisTarget.onRedis(NearCacheTwoInstancesIT.class, redis -> {
            List<TestServer> servers = TestServer.startTogether(redis, redis);
            try (TestServer one = servers.get(0); TestServer two = servers.get(1);
                    FeedProxy proxy = new FeedProxy(two.baseUri())) {
                SimpleMeterRegistry meters = new SimpleMeterRegistry();
                try (SessionClient writer = SessionClient.builder().baseUri(one.baseUri()).token(TestServer.TOKEN)
                        .build();
                        SessionClient near = SessionClient.builder().baseUri(proxy.baseUri()).token(TestServer.TOKEN)
                                .meterRegistry(meters).nearCache(1 << 20).build()) {
                    writer.put("two-change", "one");
                    awaitValue(near, meters, "two-change", Optional.of("one"), true);

                    writer.put("two-change", "two");
                    awaitValue(near, meters, "two-change", Optional.of("two"), true);

                    assertThat(writer.delete("two-change")).isTrue();
                    awaitValue(near, meters, "two-change", Optional.empty(), false);

                    proxy.freezeFeeds();
                    int frozen = staleReads(writer, near, "two-ryw-frozen", "feed frozen");
                    proxy.thaw();

                    // a feed connection opened now has every byte from the server held 500 ms: cut the current one
                    proxy.delayFeeds(FEED_DELAY);
                    proxy.cutFeeds();
                    writer.put("two-change-delayed", "delayed");
                    awaitValue(near, meters, "two-change-delayed", Optional.of("delayed"), true);
                    int delayed = staleReads(writer, near, "two-ryw-delayed", "feed delayed by " + FEED_DELAY.toMillis()
                            + " ms");
                    proxy.delayFeeds(Duration.ZERO);

                    proxy.refuseFeeds();
                    int cut = staleReads(writer, near, "two-ryw-cut", "feed cut");
                    proxy.admitFeeds();

                    assertThat(frozen).isZero();
                    assertThat(delayed).isZero();
                    assertThat(cut).isZero();
                    for (String id : new String[] {"two-ryw-frozen", "two-ryw-delayed", "two-ryw-cut",
                            "two-change-delayed"}) {
                        writer.delete(id);
                    }
                }
            }
        });
    }

    /**
     * {@link #ITERATIONS} of: write {@code id} through instance 1, then read it through instance 2 with the version
     * the write answered; the count of reads that answered another value.
     */
    private static int staleReads(SessionClient writer, SessionClient near, String id, String fault) {
        int stale = 0;
        long start = System.nanoTime();
        for (int i = 0; i < ITERATIONS; i++) {
            String token = writer.put(id, "v" + i);
            Versioned<String> read = near.get(id, String.class, ReadOptions.atLeast(token)).orElseThrow();
            if (!read.value().equals("v" + i)) {
                stale++;
            }
        }
        System.out.printf("%d stale reads in %d of write through instance 1, read with its token through instance 2 "
                + "(%s), in %d ms%n", stale, ITERATIONS, fault, Duration.ofNanos(System.nanoTime() - start).toMillis());
        return stale;
    }

    /** Reads until {@code id} reads {@code expected}, and then, if {@code fromCache}, until the cache serves it. */
    private static void awaitValue(SessionClient client, SimpleMeterRegistry meters, String id,
                                   Optional<String> expected, boolean fromCache) {
        Awaitility.await(id + " reads " + expected).atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(10))
                .until(() -> {
                    double hits = hits(meters);
                    Optional<String> value = client.get(id, String.class).map(Versioned::value);
                    return value.equals(expected) && (!fromCache || hits(meters) > hits);
                });
    }

    private static double hits(SimpleMeterRegistry meters) {
        return meters.get("sessiondata.client.nearcache.gets").tag("result", "hit").counter().count();
    }
}
