package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.store.redis.RedisKeys;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.testsupport.RedisTarget;
import io.lettuce.core.resource.ClientResources;
import io.netty.util.HashedWheelTimer;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP contract on the Redis store, and what only Redis shows: the key's own expiry, and bytes changed in Redis
 * behind the server's back.
 */
@ExtendWith(RedisTarget.class)
class RedisStoreOverHttpIT extends StoreOverHttpContract {

    /** This run's own keys, deleted afterwards: the Redis may be shared. */
    private static final String KEY_PREFIX = "sessiondata-it-http-" + UUID.randomUUID() + ":";

    private static RunningServer server;
    private static LettuceConnectionFactory connections;

    @BeforeAll
    static void start() {
        connections = RedisConnections.standalone(RedisTarget.url());
        server = RunningServer.start("sessiondata.store.type=redis", "spring.data.redis.url=" + RedisTarget.url(),
                "sessiondata.store.redis.key-prefix=" + KEY_PREFIX);
    }

    @AfterAll
    static void stop() {
        server.close();
        try {
            RedisConnections.deleteKeys(connections, KEY_PREFIX);
        } finally {
            connections.destroy();
        }
    }

    @Override
    protected RunningServer server() {
        return server;
    }

    private static byte[] sessionKey(String id) {
        return new RedisKeys(KEY_PREFIX, RedisKeys.DEFAULT_PARTITIONS).session(id);
    }

    @Test
    void anUpdateWithoutTtlLeavesTheKeysOwnExpiryAtEightHours() {
        Api api = server.writer();
        String id = uniqueId("eight-hours-key");
        putWithTtl(api, id, "first", "?ttl=28800");
        api.put(id, "second".getBytes(StandardCharsets.UTF_8), "java");

        try (RedisConnection redis = connections.getConnection()) {
            assertThat(redis.keyCommands().pTtl(sessionKey(id)))
                    .isBetween(Duration.ofHours(8).minusMinutes(1).toMillis(), Duration.ofHours(8).toMillis());
        }
    }

    @Test
    void bytesChangedInRedisNoLongerMatchTheReprDigestTheServerAnswers() throws Exception {
        Api api = server.writer();
        String id = uniqueId("corrupted");
        byte[] body = "the value as written".getBytes(StandardCharsets.UTF_8);
        api.put(id, body, "java");
        byte[] corrupted = body.clone();
        corrupted[4] ^= 0x01;

        try (RedisConnection redis = connections.getConnection()) {
            redis.hashCommands().hSet(sessionKey(id), "data".getBytes(StandardCharsets.UTF_8), corrupted);
        }
        HttpResponse<byte[]> read = api.get(id);

        assertThat(read.body()).isEqualTo(corrupted);
        assertThat(read.headers().firstValue(SessionApi.REPR_DIGEST_HEADER).orElseThrow())
                .isEqualTo(member("SHA-256", body))
                .isNotEqualTo(member("SHA-256", read.body()));
    }

    @Test
    void serializersAnswerWritesPerSerializerButNoLiveSessionsThatWouldCostAScan() {
        Api api = server.writer();
        long before = MemoryStoreOverHttpIT.serializers(api).get("writes").get("java").asLong();
        api.put(uniqueId("counted"), new byte[] {1}, "java");

        JsonNode after = MemoryStoreOverHttpIT.serializers(api);
        assertThat(after.get("writes").get("java").asLong()).isEqualTo(before + 1);
        assertThat(after.has("sessions")).isFalse();
    }

    /**
     * The store's reads and writes are timed once per operation by our own meter, not once per Redis command by
     * Lettuce's observation, which cost a quarter of a read's CPU.
     */
    @Test
    void redisCommandsAreNotObservedOneByOneButStoreOperationsAreTimed() {
        Api api = server.writer();
        String id = uniqueId("timed-once");
        api.put(id, new byte[] {1}, "java");
        api.get(id);

        assertThat(server.bean(ClientResources.class).tracing().isEnabled()).isFalse();
        String scrape = new String(server.anonymous().send("GET", "/actuator/prometheus",
                HttpRequest.BodyPublishers.noBody()).body(), StandardCharsets.UTF_8);
        assertThat(scrape).doesNotContain("lettuce")
                .containsPattern("sessiondata_store_operations_seconds_count\\{[^}]*operation=\"get\"[^}]*store=\"redis\"");
    }

    /**
     * Lettuce's command timeouts run on the server's own timer bean, not on the one Lettuce makes for itself (100 ms
     * turns, which kept every completed command and its answer reachable until its next turn). The bean's turn,
     * {@code RedisStoreConfiguration.COMMAND_TIMER_TICK_MILLIS}, is not readable from a Netty timer, so this checks
     * which timer Lettuce has.
     */
    @Test
    void commandTimeoutsRunOnTheServersOwnTimer() {
        assertThat(server.bean(ClientResources.class).timer()).isSameAs(server.bean(HashedWheelTimer.class));
    }
}
