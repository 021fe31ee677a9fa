package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.testsupport.RedisCluster;
import dev.sessiondata.testsupport.RedisProcess;
import dev.sessiondata.testsupport.RedisTarget;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The near cache through the faults issue 34 names, over real HTTP with real servers: its service instance
 * restarting, its Redis restarting, a history trimmed past its position while its feed is cut, each on the memory and
 * the Redis store where the fault applies; and the 3-master Cluster with two instances, a change through one evicting
 * the entry of a client of the other. After each fault the cache is flushed and reads answer the version written
 * through or after the fault, never the cached one.
 */
class NearCacheFaultsIT {

    /** A history short enough to trim past while the feed is cut. */
    private static final int HISTORY = 5;

    /**
     * Changes written while the feed is cut: past the memory store's exact history and past the Redis stream's
     * approximate one, which trims only whole nodes of 100 entries (its {@code stream-node-max-entries}).
     */
    private static final int WRITTEN_WHILE_CUT = 250;

    @Test
    void aRestartedMemoryServerComesBackEmptyAndTheCacheFlushes() throws Exception {
        restartTheServer(new String[] {"sessiondata.serializer.active=java"});
    }

    @Test
    void aRestartedRedisServerOnTheSameStoreReadsCorrectlyAfter() throws Exception {
        RedisTarget.onRedis(NearCacheFaultsIT.class, this::restartTheServer);
    }

    /**
     * The client's instance stops and starts again on its port; meanwhile a change is written through another
     * instance on the same store (the Redis store) or, the memory store having come back empty, a new version is
     * written after it. The client reads that change, never its entry of before.
     */
    private void restartTheServer(String[] store) throws Exception {
        boolean redis = store[0].equals("sessiondata.store.type=redis");
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        TestServer server = TestServer.start(store);
        int port = server.port();
        try (SessionClient near = cached(server.baseUri(), meters)) {
            try (SessionClient writer = plain(server.baseUri())) {
                writer.put("faults-restart", "before");
            }
            awaitCached(near, meters, "faults-restart", "before");
            double flushes = flushes(meters);

            server.close();
            if (redis) {
                try (TestServer other = TestServer.start(store); SessionClient writer = plain(other.baseUri())) {
                    writer.put("faults-restart", "while stopped");
                }
            }
            server = TestServer.start(with(store, "server.port=" + port));
            try (SessionClient writer = plain(server.baseUri())) {
                if (!redis) {
                    assertThat(read(writer, "faults-restart")).as("a new memory store").isEmpty();
                    writer.put("faults-restart", "after");
                }
                String current = redis ? "while stopped" : "after";

                await(() -> flushes(meters) > flushes, "the lost feed flushes the cache");
                if (!redis) {
                    await(() -> resets(meters) > 0, "the new store's epoch answers the resume with a reset");
                }
                assertThat(read(near, "faults-restart")).contains(current);
                awaitCached(near, meters, "faults-restart", current);
                writer.delete("faults-restart");
            }
        } finally {
            server.close();
        }
    }

    /**
     * The Redis under a running server restarts and comes back empty: the partitions' epochs are new, so the client,
     * told to reset, drops its entry; a session written after reads as written, one written before reads as gone.
     */
    @Test
    void aRestartedRedisFlushesTheCacheAndReadsAreCorrectAfter() throws Exception {
        RedisProcess.assumeInstalled("NearCacheFaultsIT");
        try (RedisProcess redis = RedisProcess.startOnFreePort();
                TestServer server = TestServer.start("sessiondata.store.type=redis",
                        "spring.data.redis.url=" + redis.url(), "sessiondata.store.redis.key-prefix=faults:");
                SessionClient writer = plain(server.baseUri())) {
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            try (SessionClient near = cached(server.baseUri(), meters)) {
                writer.put("faults-redis", "before");
                writer.put("faults-redis-gone", "before");
                awaitCached(near, meters, "faults-redis", "before");
                awaitCached(near, meters, "faults-redis-gone", "before");
                redis.stop();
                redis.start();
                Awaitility.await("the server writes to the restarted Redis").atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                        .until(() -> writer.put("faults-redis", "after") != null);

                await(() -> resets(meters) > 0, "the restarted Redis's new epoch resets the cache");
                assertThat(read(near, "faults-redis")).contains("after");
                assertThat(read(near, "faults-redis-gone")).isEmpty();
                awaitCached(near, meters, "faults-redis", "after");
            }
        }
    }

    @Test
    void aHistoryTrimmedPastACutFeedResetsTheCacheOnTheMemoryStore() throws Exception {
        trimTheHistory(new String[] {"sessiondata.serializer.active=java"});
    }

    @Test
    void aHistoryTrimmedPastACutFeedResetsTheCacheOnTheRedisStore() throws Exception {
        RedisTarget.onRedis(NearCacheFaultsIT.class, this::trimTheHistory);
    }

    /**
     * With the client's feed refused, far more changes than the history keeps are written to one session (one
     * partition); when the feed is admitted again its resume position is gone: the server answers a reset, the cache
     * is flushed and the last change is read.
     */
    private void trimTheHistory(String[] store) throws Exception {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        try (TestServer server = TestServer.start(with(store, "sessiondata.changes.history=" + HISTORY));
                FeedProxy proxy = new FeedProxy(server.baseUri());
                SessionClient writer = plain(server.baseUri());
                SessionClient near = cached(proxy.baseUri(), meters)) {
            writer.put("faults-trimmed", "v0");
            awaitCached(near, meters, "faults-trimmed", "v0");

            proxy.refuseFeeds();
            int last = WRITTEN_WHILE_CUT;
            for (int i = 1; i <= last; i++) {
                writer.put("faults-trimmed", "v" + i);
            }
            assertThat(read(near, "faults-trimmed")).as("read with the feed refused").contains("v" + last);
            proxy.admitFeeds();

            await(() -> resets(meters) > 0, "the resume past the history is answered with a reset");
            assertThat(read(near, "faults-trimmed")).contains("v" + last);
            awaitCached(near, meters, "faults-trimmed", "v" + last);
            writer.delete("faults-trimmed");
        }
    }

    /** Two instances on the 3-master Cluster: a change through instance 1 evicts the entry of a client of 2. */
    @Test
    void onTheClusterAChangeThroughOneInstanceEvictsTheEntryOfAClientOfTheOther() throws Exception {
        RedisProcess.assumeInstalled("NearCacheFaultsIT");
        try (RedisCluster cluster = RedisCluster.start()) {
            String[] store = {"sessiondata.store.type=redis",
                    "spring.data.redis.cluster.nodes=" + String.join(",", cluster.nodeAddresses())};
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            List<TestServer> servers = TestServer.startTogether(store, store);
            try (TestServer one = servers.get(0); TestServer two = servers.get(1);
                    SessionClient writer = plain(one.baseUri()); SessionClient near = cached(two.baseUri(), meters)) {
                // sessions on every master: ids hash to slots all over the cluster
                int sessions = 6;
                for (int i = 0; i < sessions; i++) {
                    writer.put("cluster-" + i, "one");
                    awaitCached(near, meters, "cluster-" + i, "one");
                }
                for (int i = 0; i < sessions; i++) {
                    writer.put("cluster-" + i, "two");
                }
                for (int i = 0; i < sessions; i++) {
                    awaitCached(near, meters, "cluster-" + i, "two");
                }
                assertThat(writer.delete("cluster-0")).isTrue();
                await(() -> read(near, "cluster-0").isEmpty(), "the delete reaches the cache");
                assertThat(flushes(meters)).as("evicted one by one, never flushed").isZero();
            }
        }
    }

    private static SessionClient cached(URI baseUri, SimpleMeterRegistry meters) {
        return SessionClient.builder().baseUri(baseUri).token(TestServer.TOKEN).meterRegistry(meters)
                .nearCache(1 << 20).build();
    }

    private static SessionClient plain(URI baseUri) {
        return SessionClient.builder().baseUri(baseUri).token(TestServer.TOKEN).build();
    }

    private static String[] with(String[] properties, String property) {
        return Stream.concat(Stream.of(properties), Stream.of(property)).toArray(String[]::new);
    }

    private static Optional<String> read(SessionClient client, String id) {
        return client.get(id, String.class).map(Versioned::value);
    }

    /** Reads until {@code id} reads {@code expected} from the cache: a hit that answered it. */
    private static void awaitCached(SessionClient client, SimpleMeterRegistry meters, String id, String expected) {
        await(() -> {
            double hits = hits(meters);
            Optional<String> value = read(client, id);
            return value.equals(Optional.of(expected)) && hits(meters) > hits;
        }, id + " reads " + expected + " from the cache");
    }

    private static void await(BooleanSupplier condition, String what) {
        Awaitility.await(what).atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10))
                .until(condition::getAsBoolean);
    }

    private static double hits(SimpleMeterRegistry meters) {
        return meters.get("sessiondata.client.nearcache.gets").tag("result", "hit").counter().count();
    }

    private static double flushes(SimpleMeterRegistry meters) {
        return meters.find("sessiondata.client.nearcache.flushes").counters().stream().mapToDouble(Counter::count)
                .sum();
    }

    private static double resets(SimpleMeterRegistry meters) {
        return meters.find("sessiondata.client.nearcache.flushes").counters().stream()
                .filter(counter -> counter.getId().getTag("reason").startsWith("reset")).mapToDouble(Counter::count)
                .sum();
    }
}
