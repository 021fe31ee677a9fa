package dev.sessiondata.server.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.FeedStream;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.testsupport.RedisProcess;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The expiry scan on a Redis of the test's own that holds 50,000 other keys with a long ttl: Redis's own expiry
 * cycle (about 200 keys with a ttl a second at {@code hz 10}) would find an untouched session minutes late; the
 * service's scan (50,000 keys a second here) finds it within about a second, and the feed tells of it.
 */
class RedisExpiryScanIT {

    private static final int OTHER_KEYS = 50_000;

    @Test
    void anUntouchedSessionAmongManyKeysIsHeardAsExpiredWithinTheScansWalk() throws Exception {
        RedisProcess.assumeInstalled("RedisExpiryScanIT");
        try (RedisProcess redis = RedisProcess.startOnFreePort()) {
            redis.command("EVAL \"for i=1,tonumber(ARGV[1]) do redis.call('SET','other:'..i,'x','EX',3600) end\" 0 "
                    + OTHER_KEYS);
            try (RunningServer server = RunningServer.start("sessiondata.store.type=redis",
                    "spring.data.redis.url=redis://127.0.0.1:" + redis.port(),
                    "sessiondata.store.redis.expiry-scan-keys-per-second=50000");
                    FeedStream stream = FeedStream.open(server.baseUri(), RunningServer.READER_TOKEN, null)) {
                assertThat(stream.nextBesidesHeartbeats(Duration.ofSeconds(10)).name()).isEqualTo("hello");
                String id = "scanned-" + UUID.randomUUID();

                assertThat(server.writer().send("PUT", SessionApi.SESSIONS_PATH + "/" + id + "?ttl=1",
                        HttpRequest.BodyPublishers.ofByteArray("x".getBytes(StandardCharsets.UTF_8)), "Content-Type",
                        SessionApi.mediaTypeOf("java")).statusCode()).isEqualTo(201);

                FeedStream.Event expired = null;
                long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (expired == null && System.nanoTime() < until) {
                    FeedStream.Event event = stream.nextBesidesHeartbeats(Duration.ofMillis(500));
                    if (event != null && event.data().contains("\"kind\":\"expired\"")) {
                        expired = event;
                    }
                }
                assertThat(expired).as("the expiry of %s within 20 s", id).isNotNull();
                // t, the commit time, is the test's to ignore
                assertThat(expired.data().replaceFirst(",\"t\":[0-9]+", ""))
                        .isEqualTo("{\"id\":\"" + id + "\",\"deleted\":true,\"kind\":\"expired\"}");
            }
        }
    }
}
