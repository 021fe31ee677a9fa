package dev.sessiondata.server.store.redis;

import dev.sessiondata.server.store.SessionStoreStatistics;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The session count of a Redis store: estimated from {@code DBSIZE} and a bounded sample of keys per master
 * ({@link SessionKeyCount} says how closely), never a pass over the key space. It waits for Redis, so it is asked
 * off the event loops. Sessions per serializer are not counted: only a pass over every key could.
 */
public final class RedisSessionStatistics implements SessionStoreStatistics {

    /** Keys one session count touches per master by default ({@link SessionKeyCount} says how closely it counts). */
    public static final int DEFAULT_COUNT_SAMPLE = 1000;

    private final NativeRedis redis;
    private final SessionKeyCount count;

    /** {@code countSample}: the keys one session count may touch per master ({@link SessionKeyCount}). */
    public RedisSessionStatistics(LettuceConnectionFactory connections, String keyPrefix, int countSample) {
        this(connections, new RedisKeys(keyPrefix, RedisKeys.DEFAULT_PARTITIONS), countSample);
    }

    /** {@code countSample}: the keys one session count may touch per master ({@link SessionKeyCount}). */
    public RedisSessionStatistics(LettuceConnectionFactory connections, RedisKeys keys, int countSample) {
        this.redis = new NativeRedis(connections);
        this.count = new SessionKeyCount(keys, countSample);
    }

    @Override
    public long estimatedSessionCount() {
        return count.count(redis);
    }
}
