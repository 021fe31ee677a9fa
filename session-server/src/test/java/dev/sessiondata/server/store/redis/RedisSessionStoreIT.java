package dev.sessiondata.server.store.redis;

import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreCompatibilityKit;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.server.support.RedisTarget;
import java.time.Clock;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/** The store kit against a real Redis; every test gets a key prefix of its own, so the store starts empty. */
@ExtendWith(RedisTarget.class)
class RedisSessionStoreIT extends SessionStoreCompatibilityKit {

    private static LettuceConnectionFactory connections;

    @BeforeAll
    static void connect() {
        connections = RedisConnections.standalone(RedisTarget.url());
    }

    @AfterAll
    static void disconnect() {
        connections.destroy();
    }

    private String prefix = "";

    @Override
    protected SessionStore createStore() {
        prefix = "sessiondata-it-" + UUID.randomUUID() + ":";
        return new RedisSessionStore(connections, prefix, Clock.systemUTC());
    }

    /** Descriptors never expire: remove what this test wrote from the shared Redis. */
    @AfterEach
    void removeKeys() {
        RedisConnections.deleteKeys(connections, prefix);
    }
}
