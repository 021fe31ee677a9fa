package dev.sessiondata.server.store.redis;

import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Counts the session keys of one store ({@link RedisKeys}) without a pass over the key space, on each master: {@code DBSIZE} (O(1)),
 * then either, when the database holds at most {@code sample} keys, an exact {@code SCAN} of them (it touches no
 * more keys than the sample would), or {@code sample} pipelined {@code RANDOMKEY}s and {@code DBSIZE} scaled by the
 * share of them that are session keys of this prefix. Redis does O(sample) work per count, whatever the key space.
 *
 * <p>Accuracy of the estimate: a binomial sample, so the relative standard error is {@code sqrt((1 - p) / (p n))}
 * with {@code p} the session keys' share of the database and {@code n} the sample: close to exact when the store
 * owns its database (every key but the change feed's two per partition is a session key), and larger the smaller
 * the sessions' share. {@code DBSIZE} also counts keys that expired but that Redis has not evicted yet (Redis's active
 * expiry keeps those a small share of the keys with a time to live).
 */
final class SessionKeyCount {

    private final RedisKeys keys;
    private final String pattern;
    private final int sample;

    SessionKeyCount(RedisKeys keys, int sample) {
        if (sample < 1) {
            throw new IllegalArgumentException("the session count sample must be at least 1, was " + sample);
        }
        this.keys = keys;
        this.pattern = keys.sessionGlob();
        this.sample = sample;
    }

    /** The (estimated) session keys in the store, summed over the masters of a cluster. */
    long count(NativeRedis redis) {
        return redis.sumOverMasters(master -> on(master, redis));
    }

    private long on(RedisClusterAsyncCommands<byte[], byte[]> redis, NativeRedis await) {
        long size = await.result(redis.dbsize());
        if (size <= sample) {
            return exact(redis, await);
        }
        // Lettuce writes each command as it is issued, so the sample costs one round trip, not `sample` of them.
        List<RedisFuture<byte[]>> keys = new ArrayList<>(sample);
        for (int i = 0; i < sample; i++) {
            keys.add(redis.randomkey());
        }
        int sessions = 0;
        for (RedisFuture<byte[]> key : keys) {
            if (isSessionKey(await.result(key))) {
                sessions++;
            }
        }
        return Math.round((double) size * sessions / sample);
    }

    /** SCAN may return a key twice (while Redis rehashes): the distinct keys are the count. */
    private long exact(RedisClusterAsyncCommands<byte[], byte[]> redis, NativeRedis await) {
        ScanArgs sessions = ScanArgs.Builder.matches(pattern).limit(sample);
        Set<ByteBuffer> seen = new HashSet<>();
        ScanCursor cursor = ScanCursor.INITIAL;
        do {
            KeyScanCursor<byte[]> page = await.result(redis.scan(cursor, sessions));
            page.getKeys().forEach(key -> seen.add(ByteBuffer.wrap(key)));
            cursor = page;
        } while (!cursor.isFinished());
        return seen.size();
    }

    private boolean isSessionKey(byte @Nullable [] key) {
        return keys.sessionId(key) != null;
    }
}
