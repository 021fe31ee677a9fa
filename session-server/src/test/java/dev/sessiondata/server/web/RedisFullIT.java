package dev.sessiondata.server.web;

import static dev.sessiondata.server.web.SessionApiIT.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.store.SessionRead;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.redis.RedisKeys;
import dev.sessiondata.server.store.redis.RedisSessionStore;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.server.support.ServerOnOwnRedis;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Finding 9 of #10: a Redis at {@code maxmemory} under {@code noeviction} was answered "503 cannot be reached" with
 * {@code Retry-After: 1} while health said UP. A redis-server of this test's own, a few MB large, is filled until it
 * refuses: then writes are {@code 507 store-full} without a retry invitation, reads still work, and health is DOWN.
 */
class RedisFullIT {

    private static final int BODY_BYTES = 60 * 1024;

    private static ServerOnOwnRedis own;

    @BeforeAll
    static void start() throws Exception {
        own = ServerOnOwnRedis.start(List.of("--maxmemory", "4mb", "--maxmemory-policy", "noeviction"),
                "sessiondata.session.max-size=64KB");
    }

    @AfterAll
    static void stop() throws Exception {
        if (own != null) {
            own.close();
        }
    }

    @Test
    void aFullRedisIs507WithoutRetryAfterAndHealthIsDown() {
        Api api = own.server().writer();
        assertThat(own.health().statusCode()).isEqualTo(200);
        byte[] body = new byte[BODY_BYTES];
        HttpResponse<byte[]> last = api.put("first", body, "java");
        assertThat(last.statusCode()).isEqualTo(201);
        int written = 1;
        while (last.statusCode() == 201 && written < 500) {
            last = api.put("filler-" + written++, body, "java");
        }

        assertProblem(last, ProblemType.STORE_FULL);
        assertThat(last.headers().firstValue("Retry-After")).isEmpty();
        assertThat(api.get("first").statusCode()).isEqualTo(200);
        // health first, as the fill left it: the check below opens a connection of its own, and Redis' used memory
        // moves with its clients' buffers
        HttpResponse<byte[]> down = own.health();
        assertThat(down.statusCode()).isEqualTo(503);
        assertThat(new String(down.body(), StandardCharsets.UTF_8)).contains("\"status\":\"DOWN\"");
        aReadWithACeilingStandsWhenRedisRefusesItsSlide();
    }

    /**
     * The read a server makes when it has no room for a large session ({@code read.lua}, one script that reads and
     * slides): Redis refuses its slide, the session is answered with its stored expiry and the refusal is counted; a
     * session larger than the ceiling is answered by its length, as always.
     */
    private void aReadWithACeilingStandsWhenRedisRefusesItsSlide() {
        AtomicInteger refused = new AtomicInteger();
        LettuceConnectionFactory connections = RedisConnections.standalone(own.redis().url());
        try {
            RedisSessionStore store = new RedisSessionStore(connections,
                    // the server's default key prefix and partitions
                    new RedisKeys("sessiondata:", RedisKeys.DEFAULT_PARTITIONS), Clock.systemUTC(),
                    Duration.ZERO, refused::incrementAndGet);
            StoredSession stored = store.peek("first").toCompletableFuture().join().orElseThrow();

            SessionRead larger = store.get("first", 1024).toCompletableFuture().join();
            SessionRead read = store.get("first", BODY_BYTES).toCompletableFuture().join();

            assertThat(larger.isLarger()).isTrue();
            assertThat(larger.length()).isEqualTo(BODY_BYTES);
            assertThat(read.session()).isNotNull();
            assertThat(read.session().data()).hasSize(BODY_BYTES);
            assertThat(read.session().expiresAt()).isEqualTo(stored.expiresAt());
            assertThat(refused.get()).isEqualTo(1);
        } finally {
            connections.destroy();
        }
    }
}
