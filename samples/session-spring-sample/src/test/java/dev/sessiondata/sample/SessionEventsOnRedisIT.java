package dev.sessiondata.sample;

import dev.sessiondata.testsupport.RedisTarget;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Session events of two instances of the sample on a service on Redis ({@link RedisTarget}), under a key prefix of
 * its own: the expiry comes from Redis's keyspace notifications, which the service turns on (and this test turns
 * back to what it found, the Redis being shared).
 */
@ExtendWith(RedisTarget.class)
class SessionEventsOnRedisIT extends SessionEvents {

    private static final String NOTIFICATIONS = "notify-keyspace-events";

    private String notificationsFound = "";

    @Override
    String[] store() {
        return RedisTarget.storeFor(SessionEventsOnRedisIT.class);
    }

    @Override
    void beforeService() {
        RedisClient client = RedisClient.create(RedisTarget.url());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            notificationsFound = connection.sync().configGet(NOTIFICATIONS).getOrDefault(NOTIFICATIONS, "");
        } finally {
            client.shutdown();
        }
    }

    @Override
    void afterService() {
        RedisClient client = RedisClient.create(RedisTarget.url());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            connection.sync().configSet(NOTIFICATIONS, notificationsFound);
        } finally {
            client.shutdown();
        }
    }
}
