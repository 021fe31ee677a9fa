package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.ReadOptions;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.testsupport.RedisTarget;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Optional;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Two service instances on one Redis: a client subscribed to instance 2 sees the changes written through instance 1,
 * and reads with the token of a write through instance 1 are never stale, with instance 2's feed frozen.
 */
class NearCacheTwoInstancesIT {

    private static final int ITERATIONS = 1_000;

    @Test
    void changesThroughOneInstanceReachTheCacheOfAClientOfTheOther() throws Exception {
        RedisTarget.onRedis(NearCacheTwoInstancesIT.class, redis -> {
            try (TestServer one = TestServer.start(redis); TestServer two = TestServer.start(redis);
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
                    int stale = 0;
                    for (int i = 0; i < ITERATIONS; i++) {
                        String token = writer.put("two-ryw", "v" + i);
                        Versioned<String> read = near.get("two-ryw", String.class, ReadOptions.atLeast(token))
                                .orElseThrow();
                        if (!read.value().equals("v" + i)) {
                            stale++;
                        }
                    }
                    System.out.printf("%d stale reads in %d of write through instance 1, read with its token "
                            + "through instance 2 (feed frozen)%n", stale, ITERATIONS);
                    assertThat(stale).isZero();
                }
            }
        });
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
