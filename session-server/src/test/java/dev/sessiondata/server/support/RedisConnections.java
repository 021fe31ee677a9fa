package dev.sessiondata.server.support;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.ScanOptions;

/** Lettuce connection factories for tests that use a store without the server around it. */
public final class RedisConnections {

    private RedisConnections() {
    }

    /** A started factory for the Redis at {@code url} (host, port, password and database from the URL). */
    public static LettuceConnectionFactory standalone(String url) {
        LettuceConnectionFactory factory = new LettuceConnectionFactory(LettuceConnectionFactory.createRedisConfiguration(url));
        factory.afterPropertiesSet();
        factory.start();
        return factory;
    }

    /** Deletes every key that starts with {@code prefix}. */
    public static void deleteKeys(RedisConnectionFactory connections, String prefix) {
        try (RedisConnection connection = connections.getConnection();
                Cursor<byte[]> keys = connection.keyCommands().scan(ScanOptions.scanOptions().match(prefix + "*").build())) {
            while (keys.hasNext()) {
                connection.keyCommands().del(keys.next());
            }
        }
    }
}
