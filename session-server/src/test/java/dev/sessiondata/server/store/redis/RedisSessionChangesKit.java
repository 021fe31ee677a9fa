package dev.sessiondata.server.store.redis;

import dev.sessiondata.server.store.SessionChanges;
import dev.sessiondata.server.store.SessionChangesCompatibilityKit;
import dev.sessiondata.server.store.SessionStore;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/** The change feed kit on a Redis: the put and delete scripts record, a tail of the test's own reads. */
abstract class RedisSessionChangesKit extends SessionChangesCompatibilityKit {

    private final List<RedisSessionChanges> opened = new ArrayList<>();
    private RedisKeys keys = new RedisKeys("unused:", RedisKeys.DEFAULT_PARTITIONS);

    abstract LettuceConnectionFactory connections();

    /** A key prefix no other test uses (and whose keys the test removes, where the Redis is shared). */
    abstract String newPrefix();

    @Override
    protected SessionStore createStore() {
        keys = new RedisKeys(newPrefix(), RedisKeys.DEFAULT_PARTITIONS);
        return new RedisSessionStore(connections(), keys, Clock.systemUTC(), Duration.ZERO, () -> { });
    }

    @Override
    protected SessionChanges changesOf(SessionStore store) {
        RedisSessionChanges changes = new RedisSessionChanges(connections(), keys, Clock.systemUTC(), Duration.ofMillis(5));
        opened.add(changes);
        return changes;
    }

    @AfterEach
    void closeTails() {
        opened.forEach(RedisSessionChanges::close);
    }
}
