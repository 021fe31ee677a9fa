package dev.sessiondata.server.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.server.store.IndexPage;
import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.IndexedSession;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionChanges;
import dev.sessiondata.server.store.SessionIndex;
import dev.sessiondata.server.store.SessionIndexCompatibilityKit;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.support.FeedStream;
import dev.sessiondata.testsupport.RedisCluster;
import dev.sessiondata.testsupport.RedisProcess;
import dev.sessiondata.server.support.RunningServer;
import io.lettuce.core.cluster.SlotHash;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The store kit on a three-master Redis Cluster of the test's own: the hash-tagged keys keep each script on one
 * slot. Then the server itself, configured only by spring.data.redis.cluster.nodes.
 */
class RedisClusterSessionStoreIT extends SessionStoreCompatibilityKit {

    private static RedisCluster cluster;
    private static LettuceConnectionFactory connections;
    private String storePrefix = "";

    @BeforeAll
    static void startCluster() throws Exception {
        RedisProcess.assumeInstalled("RedisClusterSessionStoreIT");
        cluster = RedisCluster.start();
        connections = new LettuceConnectionFactory(new RedisClusterConfiguration(cluster.nodeAddresses()));
        connections.afterPropertiesSet();
        connections.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (connections != null) {
            connections.destroy();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    protected SessionStore createStore() {
        storePrefix = "it-" + UUID.randomUUID() + ":";
        return new RedisSessionStore(connections, storePrefix, Clock.systemUTC());
    }

    @Override
    protected SessionStoreStatistics statisticsOf(SessionStore store) {
        return new RedisSessionStatistics(connections, storePrefix, RedisSessionStatistics.DEFAULT_COUNT_SAMPLE);
    }

    /** The index kit on one partition of the cluster, where the bound of a value is the bound of its one set. */
    @Nested
    class Indexes extends SessionIndexCompatibilityKit {

        @Override
        protected SessionStore createStore() {
            return new RedisSessionStore(connections, new RedisKeys("index-" + UUID.randomUUID() + ":", 1),
                    Clock.systemUTC(), Duration.ZERO, () -> { }, MAX_SESSIONS_PER_VALUE,
                    RedisSessionStore.DEFAULT_CHANGE_STREAM_LENGTH);
        }
    }

    /**
     * A principal's sessions in partitions on every master: each write and delete changes its partition's set in
     * its own slot, and a lookup reads every partition's set.
     */
    @Test
    void aPrincipalsSessionsOnEveryMasterAreListedAndLeaveWithTheirDelete() {
        SessionStore store = new RedisSessionStore(connections, new RedisKeys("spread-" + UUID.randomUUID() + ":",
                RedisKeys.DEFAULT_PARTITIONS), Clock.systemUTC(), Duration.ZERO, () -> { });
        SessionWrite write = new SessionWrite(new byte[] {1}, "java", Duration.ofMinutes(5), false, null,
                new IndexValues(Map.of("principal", "ada")));
        List<String> ids = IntStream.range(0, 40).mapToObj(i -> "s" + i).sorted().toList();
        for (String id : ids) {
            store.put(id, write, Precondition.none()).toCompletableFuture().join();
        }
        store.delete("s7", Precondition.none()).toCompletableFuture().join();

        IndexPage page = ((SessionIndex) store).sessions("principal", "ada", null, 100).toCompletableFuture().join();

        assertThat(page.sessions()).extracting(IndexedSession::id)
                .containsExactlyElementsOf(ids.stream().filter(id -> !id.equals("s7")).toList());
        assertThat(page.next()).isNull();
    }

    /** {@link CrossPartitionIdChange} on the cluster. */
    @Test
    void anIdChangeAcrossPartitionsMovesTheIndexEntry() {
        RedisKeys keys = new RedisKeys("move-" + UUID.randomUUID() + ":", RedisKeys.DEFAULT_PARTITIONS);
        CrossPartitionIdChange.movesTheIndexEntry(
                new RedisSessionStore(connections, keys, Clock.systemUTC(), Duration.ZERO, () -> { }), keys);
    }

    /** The kit's id changes run the protocol across slots here, not the one-slot script: their ids' partitions differ. */
    @Test
    void theKitsIdChangesCrossSlots() {
        RedisKeys keys = new RedisKeys(storePrefix, RedisKeys.DEFAULT_PARTITIONS);
        assertThat(SlotHash.getSlot(keys.session(BEFORE))).isNotEqualTo(SlotHash.getSlot(keys.session(AFTER)));
    }

    /**
     * About a third of the keys on each master: the estimate's relative standard error per master is
     * sqrt((1 - 1/3) / (1/3 * 300)) = 8 %, under 5 % for the sum of three, so 25 % is over five of them.
     */
    @Test
    void theSessionCountSumsAnEstimatePerMasterWithoutScanning() {
        String prefix = "count-" + UUID.randomUUID() + ":";
        SessionStore store = new RedisSessionStore(connections, prefix, Clock.systemUTC());
        SessionWrite write = new SessionWrite(new byte[] {1}, "java", Duration.ofMinutes(5));
        for (int i = 0; i < 1500; i++) {
            store.put("s" + i, write, Precondition.none()).toCompletableFuture().join();
        }
        try (RedisClusterConnection connection = connections.getClusterConnection()) {
            for (int i = 0; i < 3000; i++) {
                connection.stringCommands().set(("foreign:" + i).getBytes(StandardCharsets.UTF_8), new byte[] {1});
            }
        }
        cluster.commandOnEveryNode("CONFIG RESETSTAT");

        assertThat((double) new RedisSessionStatistics(connections, prefix, 300).estimatedSessionCount()).isCloseTo(1500, within(0.25 * 1500));
        assertThat(cluster.commandOnEveryNode("INFO commandstats")).noneMatch(stats -> stats.contains("cmdstat_scan:"))
                .allMatch(stats -> stats.contains("cmdstat_randomkey:calls=300,"));
    }

    @Test
    void theServerRunsOnTheClusterFromSpringDataRedisProperties() {
        try (RunningServer server = RunningServer.start("sessiondata.store.type=redis",
                "spring.data.redis.cluster.nodes=" + String.join(",", cluster.nodeAddresses()))) {
            byte[] body = "on a cluster".getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 20; i++) {
                assertThat(server.writer().put("cluster-" + i, body, "java").statusCode()).isEqualTo(201);
            }
            for (int i = 0; i < 20; i++) {
                assertThat(server.writer().get("cluster-" + i).body()).isEqualTo(body);
            }
            assertThat(server.anonymous().send("GET", "/actuator/health",
                    HttpRequest.BodyPublishers.noBody()).statusCode()).isEqualTo(200);
        }
    }

    /**
     * Two servers on the Cluster (which starts without keyspace notifications: the servers turn them on, on every
     * master), two subscribers of one application group, one on each: sessions on every master expire untouched,
     * and each expiry is heard by both and marked for publishing on exactly one.
     */
    @Test
    void sessionsThatExpireUntouchedOnEveryMasterArePublishedOnceForAGroup() {
        String[] settings = {"sessiondata.store.type=redis", "sessiondata.changes.heartbeat=200ms",
            "spring.data.redis.cluster.nodes=" + String.join(",", cluster.nodeAddresses()),
            "sessiondata.store.redis.key-prefix=it-expiry-" + UUID.randomUUID() + ":"};
        try (RunningServer first = RunningServer.start(settings); RunningServer second = RunningServer.start(settings);
                FeedStream one = FeedStream.open(first.baseUri(), RunningServer.READER_TOKEN, null, "cluster-app");
                FeedStream two = FeedStream.open(second.baseUri(), RunningServer.READER_TOKEN, null, "cluster-app")) {
            assertThat(one.nextBesidesHeartbeats(Duration.ofSeconds(10)).name()).isEqualTo("hello");
            assertThat(two.nextBesidesHeartbeats(Duration.ofSeconds(10)).name()).isEqualTo("hello");
            await().atMost(Duration.ofSeconds(10)).until(() -> cluster.commandOnEveryNode(
                    "CONFIG GET notify-keyspace-events").stream().allMatch(reply -> reply.contains("x")));
            List<String> ids = IntStream.range(0, 12).mapToObj(i -> "expiring-" + UUID.randomUUID()).toList();
            byte[] body = "expiring".getBytes(StandardCharsets.UTF_8);
            for (String id : ids) {
                assertThat(first.writer().send("PUT", "/api/v1/sessions/" + id + "?ttl=1",
                        HttpRequest.BodyPublishers.ofByteArray(body), "Content-Type",
                        "application/vnd.sessiondata.java").statusCode()).isEqualTo(201);
            }

            Map<String, Integer> published = new java.util.HashMap<>();
            Map<String, Integer> heard = new java.util.HashMap<>();
            long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (heard.values().stream().mapToInt(Integer::intValue).sum() < 2 * ids.size()
                    && System.nanoTime() < until) {
                for (FeedStream stream : List.of(one, two)) {
                    FeedStream.Event event = stream.nextBesidesHeartbeats(Duration.ofMillis(100));
                    if (event != null && event.data().contains("\"kind\":\"expired\"")) {
                        String id = event.data().substring(7, event.data().indexOf('"', 7));
                        heard.merge(id, 1, Integer::sum);
                        if (event.data().contains("\"publish\":true")) {
                            published.merge(id, 1, Integer::sum);
                        }
                    }
                }
            }
            assertThat(heard).containsOnlyKeys(ids).allSatisfy((id, times) -> assertThat(times).isEqualTo(2));
            assertThat(published).containsOnlyKeys(ids).allSatisfy((id, times) -> assertThat(times).isEqualTo(1));
        }
    }

    /** The change feed kit on the three-master Cluster: one tail connection per partition. */
    @Nested
    class Changes extends RedisSessionChangesKit {

        @Override
        LettuceConnectionFactory connections() {
            return connections;
        }

        @Override
        String newPrefix() {
            return "it-changes-" + UUID.randomUUID() + ":";
        }
    }
}
