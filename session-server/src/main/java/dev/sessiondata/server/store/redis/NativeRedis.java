package dev.sessiondata.server.store.redis;

import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.api.async.RedisAdvancedClusterAsyncCommands;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The session path's way to Redis: Lettuce's own asynchronous commands on the connection Spring Boot's factory
 * shares (standalone, sentinel or cluster, with its client options and its database), awaited with the factory's
 * command timeout. Skipping {@code RedisTemplate}'s per-call connection wrapper, script executor and result
 * conversion is what makes a read cost close to the Redis round trip; Lettuce multiplexes every thread's commands
 * over the one connection and reconnects it by itself.
 *
 * <p>Scripts go as {@code EVALSHA} and fall back to {@code EVAL} once per node that does not have them yet.
 * An unreachable Redis (not connected, timed out) is a {@link dev.sessiondata.server.store.StoreUnavailableException};
 * Redis refusing a command is a bug here and an {@link IllegalStateException}.
 */
final class NativeRedis {

    private final LettuceConnectionFactory factory;
    private final long timeoutNanos;
    private volatile @Nullable RedisClusterAsyncCommands<byte[], byte[]> commands;

    NativeRedis(LettuceConnectionFactory factory) {
        this.factory = factory;
        Duration timeout = factory.getClientConfiguration().getCommandTimeout();
        this.timeoutNanos = timeout.toNanos();
    }

    /** Runs one command and waits for its answer. */
    <T> T call(Function<RedisClusterAsyncCommands<byte[], byte[]>, RedisFuture<T>> command) {
        try {
            return await(command.apply(commands()));
        } catch (RedisException | org.springframework.dao.DataAccessException e) {
            throw RedisCalls.unavailable(e);
        }
    }

    /** Runs a script on one key; integers come back as {@link Long}, bulk strings as {@code byte[]}. */
    <T> T script(LuaScripts script, ScriptOutputType type, byte[] key, byte[]... args) {
        byte[][] keys = {key};
        try {
            RedisClusterAsyncCommands<byte[], byte[]> redis = commands();
            try {
                return await(redis.<T>evalsha(script.sha1(), type, keys, args));
            } catch (RedisNoScriptException e) {
                return await(redis.<T>eval(script.text(), type, keys, args));
            }
        } catch (RedisException | org.springframework.dao.DataAccessException e) {
            throw RedisCalls.unavailable(e);
        }
    }

    /**
     * Sums {@code count} over the masters of a cluster, each asked on its own connection, or asks the one server.
     * For what every master holds apart (its database size, its random keys), not for keyed commands.
     */
    long sumOverMasters(ToLongFunction<RedisClusterAsyncCommands<byte[], byte[]>> count) {
        try {
            RedisClusterAsyncCommands<byte[], byte[]> redis = commands();
            if (!(redis instanceof RedisAdvancedClusterAsyncCommands<byte[], byte[]> cluster)) {
                return count.applyAsLong(redis);
            }
            long total = 0;
            for (RedisClusterNode node : cluster.getStatefulConnection().getPartitions()) {
                if (node.getRole().isUpstream()) {
                    total += count.applyAsLong(cluster.getConnection(node.getNodeId()));
                }
            }
            return total;
        } catch (RedisException | org.springframework.dao.DataAccessException e) {
            throw RedisCalls.unavailable(e);
        }
    }

    /** Waits for the answer of a command issued through {@link #sumOverMasters}. */
    <T> T result(RedisFuture<T> future) {
        return await(future);
    }

    private <T> T await(RedisFuture<T> future) {
        try {
            return LettuceFutures.awaitOrCancel(future, timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (RedisNoScriptException e) {
            throw e;
        } catch (RedisCommandExecutionException e) {
            if (RedisCalls.isOutOfMemory(e)) {
                throw RedisCalls.full(e);
            }
            throw new IllegalStateException("Redis refused a command of the store: " + e.getMessage(), e);
        }
    }

    /** The shared native connection's commands, fetched once: the factory keeps that connection for its lifetime. */
    private RedisClusterAsyncCommands<byte[], byte[]> commands() {
        RedisClusterAsyncCommands<byte[], byte[]> current = commands;
        if (current == null) {
            synchronized (this) {
                current = commands;
                if (current == null) {
                    try (RedisConnection connection = factory.getConnection()) {
                        current = ((LettuceConnection) connection).getNativeConnection();
                    }
                    commands = current;
                }
            }
        }
        return current;
    }
}
