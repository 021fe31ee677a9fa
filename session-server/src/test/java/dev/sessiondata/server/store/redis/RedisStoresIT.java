package dev.sessiondata.server.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SchemaStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.testsupport.RedisTarget;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.RedisConnection;
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

    /**
     * Other tests write to the shared Redis at the same time, so the count of this store's few sessions is exact
     * only on the exact path: a sample larger than the test database makes the count a {@code SCAN}.
     */
    @Nested
    class Sessions extends SessionStoreCompatibilityKit {

        @Override
        protected SessionStore createStore() {
            return new RedisSessionStore(connections, freshPrefix(), Clock.systemUTC(), 100_000);
        }
    }

    /**
     * The estimate on the shared Redis, whatever else it holds: the tolerance is six standard errors of the
     * binomial sample for the share these sessions have of the database (exact when they are all of it).
     */
    @Test
    void theEstimatedSessionCountIsCloseToTheSessionsWritten() {
        int sessions = 1000;
        int sample = 200;
        SessionStore store = new RedisSessionStore(connections, freshPrefix(), Clock.systemUTC(), sample);
        SessionWrite write = new SessionWrite(new byte[] {1}, "java", Duration.ofMinutes(5));
        for (int i = 0; i < sessions; i++) {
            store.put("s" + i, write, Precondition.none()).toCompletableFuture().join();
        }
        long databaseSize;
        try (RedisConnection connection = connections.getConnection()) {
            databaseSize = connection.serverCommands().dbSize();
        }
        double share = (double) sessions / Math.max(sessions, databaseSize);
        double standardError = sessions * Math.sqrt((1 - share) / (share * sample));

        assertThat((double) store.sessionCount()).isCloseTo(sessions, within(6 * standardError + 1));
    }

    @Nested
    class Schemas extends SchemaStoreCompatibilityKit {

        @Override
        protected SchemaStore createStore() {
            return new RedisSchemaStore(connections, freshPrefix());
        }
    }
}
