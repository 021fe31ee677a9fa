package dev.sessiondata.server.store.redis;

import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SchemaStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreCompatibilityKit;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.server.support.RedisTarget;
import java.time.Clock;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Both store kits against a real Redis; every test gets a key prefix of its own, so each store starts empty, and
 * what a test wrote is removed from the shared Redis afterwards.
 */
@ExtendWith(RedisTarget.class)
class RedisStoresIT {

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

    private String freshPrefix() {
        prefix = "sessiondata-it-" + UUID.randomUUID() + ":";
        return prefix;
    }

    @AfterEach
    void removeKeys() {
        RedisConnections.deleteKeys(connections, prefix);
    }

    @Nested
    class Sessions extends SessionStoreCompatibilityKit {

        @Override
        protected SessionStore createStore() {
            return new RedisSessionStore(connections, freshPrefix(), Clock.systemUTC());
        }
    }

    @Nested
    class Schemas extends SchemaStoreCompatibilityKit {

        @Override
        protected SchemaStore createStore() {
            return new RedisSchemaStore(connections, freshPrefix());
        }
    }
}
