package dev.sessiondata.server.web;

import static dev.sessiondata.server.web.SessionApiIT.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.store.redis.RedisKeys;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.testsupport.RedisProcess;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.ServerOnOwnRedis;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Redis goes away and comes back: a redis-server of this test's own (the shared one must not be stopped). While
 * it is away the API answers 503 problem documents and health is DOWN; once it is back the same server recovers
 * without a restart, and no session key in Redis was ever half-written.
 */
class RedisOutageIT {

    private static ServerOnOwnRedis own;
    private static RedisProcess redis;
    private static RunningServer server;

    @BeforeAll
    static void start() throws Exception {
        own = ServerOnOwnRedis.start(List.of(), "spring.data.redis.timeout=1s", "spring.data.redis.connect-timeout=1s");
        redis = own.redis();
        server = own.server();
    }

    @AfterAll
    static void stop() throws Exception {
        if (own != null) {
            own.close();
        }
    }

    private static HttpResponse<byte[]> health() {
        return own.health();
    }

    @Test
    void whileRedisIsAwayTheApiAnswers503AndRecoversWhenItReturns() throws Exception {
        Api api = server.writer();
        byte[] body = "before the outage".getBytes(StandardCharsets.UTF_8);
        assertThat(api.put("survivor", body, "java").statusCode()).isEqualTo(201);
        assertThat(health().statusCode()).isEqualTo(200);

        redis.stop();

        assertProblem(api.put("during", body, "java"), ProblemType.STORE_UNAVAILABLE);
        assertProblem(api.get("survivor"), ProblemType.STORE_UNAVAILABLE);
        assertProblem(api.delete("survivor"), ProblemType.STORE_UNAVAILABLE);
        HttpResponse<byte[]> down = health();
        assertThat(down.statusCode()).isEqualTo(503);
        assertThat(new String(down.body(), StandardCharsets.UTF_8)).contains("\"status\":\"DOWN\"");

        redis.start();

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
                .until(() -> health().statusCode() == 200);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(250))
                .until(() -> api.put("after", body, "java").statusCode() == 201);
        assertThat(api.get("after").body()).isEqualTo(body);
        // a Redis without persistence comes back empty; what matters is that nothing is half there
        assertThat(redis.command("KEYS *")).doesNotContain("during");
        assertThat(redis.command("HLEN " + new String(new RedisKeys("sessiondata:", RedisKeys.DEFAULT_PARTITIONS).session("after"),
                StandardCharsets.UTF_8))).isEqualTo(":6\r\n");
    }
}
