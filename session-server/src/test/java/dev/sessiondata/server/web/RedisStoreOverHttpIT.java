package dev.sessiondata.server.web;

import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.server.support.RedisTarget;
import dev.sessiondata.server.support.RunningServer;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/** The HTTP contract on the Redis store. */
@ExtendWith(RedisTarget.class)
class RedisStoreOverHttpIT extends StoreOverHttpContract {

    /** This run's own keys, deleted afterwards: the Redis may be shared. */
    private static final String KEY_PREFIX = "sessiondata-it-http-" + UUID.randomUUID() + ":";

    private static RunningServer server;

    @BeforeAll
    static void start() {
        server = RunningServer.start("sessiondata.store.type=redis", "spring.data.redis.url=" + RedisTarget.url(),
                "sessiondata.store.redis.key-prefix=" + KEY_PREFIX);
    }

    @AfterAll
    static void stop() {
        server.close();
        LettuceConnectionFactory connections = RedisConnections.standalone(RedisTarget.url());
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
}
