package dev.sessiondata.server.store.redis;

import dev.sessiondata.server.store.IndexValueFullException;
import dev.sessiondata.server.store.StoreFullException;
import dev.sessiondata.server.store.StoreOutcomeUnknownException;
import dev.sessiondata.server.store.StoreUnavailableException;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.api.async.RedisAdvancedClusterAsyncCommands;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The one way the Redis stores reach Redis, sessions and schema records alike: Lettuce's own asynchronous commands
 * on the connection Spring Boot's factory shares, built from {@code spring.data.redis.*} (standalone, sentinel or
 * cluster, with its client options, credentials, TLS and database). Nothing here waits: a call answers Lettuce's
 * future, completed on Lettuce's I/O thread, and the command timeout is Lettuce's own ({@code TimeoutOptions}, on by
 * default with the factory's command timeout). Skipping {@code RedisTemplate}'s per-call connection wrapper, script
 * executor and result conversion is what makes a read cost close to the Redis round trip; Lettuce multiplexes every
 * caller's commands over the one connection and reconnects it by itself.
 *
 * <p>Scripts go as {@code EVALSHA} and fall back to {@code EVAL} once per node that does not have them yet. Every
 * failure is translated here, once: a Redis that cannot be reached (refused, not connected) completes the stage
 * with a {@link StoreUnavailableException}, a command sent but not answered within the timeout with a
 * {@link StoreOutcomeUnknownException} (it may have run, or may still), one refused for want of memory with a
 * {@link StoreFullException}; Redis refusing a command otherwise is a bug here and an {@link IllegalStateException}.
 * The callers that wait (the session count, the schema store) do so off the event loops ({@link #await}).
 */
final class NativeRedis {

    private final LettuceConnectionFactory factory;
    private final long timeoutNanos;
    /** Whether Lettuce fails each command itself after the factory's command timeout ({@link #bounded}). */
    private final boolean lettuceTimesOut;
    private volatile @Nullable RedisClusterAsyncCommands<byte[], byte[]> commands;

    NativeRedis(LettuceConnectionFactory factory) {
        this.factory = factory;
        this.timeoutNanos = factory.getClientConfiguration().getCommandTimeout().toNanos();
        // Lettuce's default options time commands out with the connection's timeout, the factory's command timeout
        TimeoutOptions timeouts = factory.getClientConfiguration().getClientOptions()
                .map(ClientOptions::getTimeoutOptions).orElse(ClientOptions.DEFAULT_TIMEOUT_OPTIONS);
        this.lettuceTimesOut = timeouts.isTimeoutCommands() && timeouts.isApplyConnectionTimeout();
    }

    /** Runs one command. */
    <T> CompletionStage<T> call(Function<RedisClusterAsyncCommands<byte[], byte[]>, RedisFuture<T>> command) {
        return withCommands(redis -> translated(command.apply(redis)));
    }

    /** Runs a script on one key; integers come back as {@link Long}, bulk strings as {@code byte[]}. */
    <T> CompletionStage<T> script(LuaScripts script, ScriptOutputType type, byte[] key, byte[]... args) {
        return script(script, type, new byte[][] {key}, args);
    }

    /** Runs a script on keys of one slot; integers come back as {@link Long}, bulk strings as {@code byte[]}. */
    <T> CompletionStage<T> script(LuaScripts script, ScriptOutputType type, byte[][] keys, byte[]... args) {
        return withCommands(redis -> script(redis, script, type, keys, args));
    }

    /**
     * Runs the commands {@code build} adds to a batch, and answers the stage it makes of their answers. The batch
     * goes to Redis in one write (on a cluster, one per node; keys of one slot go to one node), so its commands
     * cost one round trip, and Redis reads them at once and runs them in their order, though other clients'
     * commands may run between them.
     */
    <T> CompletionStage<T> batch(Function<CommandBatch, CompletionStage<T>> build) {
        return withCommands(redis -> {
            CommandBatch batch = new CommandBatch(redis);
            CompletionStage<T> answer = build.apply(batch);
            batch.send();
            return answer;
        });
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
        } catch (RuntimeException e) {
            throw translate(e);
        }
    }

    /** Waits for the answer of a command issued through {@link #sumOverMasters}. */
    <T> T result(RedisFuture<T> future) {
        try {
            return LettuceFutures.awaitOrCancel(future, timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (RuntimeException e) {
            throw translate(e);
        }
    }

    /**
     * Waits for a stage of this class's (bounded by the command timeout, its failure already translated): for the
     * callers that are not on an event loop.
     */
    static <T> T await(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().join();
        } catch (CompletionException e) {
            throw translate(e);
        }
    }

    /**
     * Runs {@code operation} on the shared connection's commands. Taking that connection the first time blocks (the
     * factory connects), so that first time is done on the common pool, not on the caller's thread; after it the
     * commands are a field read. A failure to connect fails the stage.
     */
    private <T> CompletionStage<T> withCommands(
            Function<RedisClusterAsyncCommands<byte[], byte[]>, CompletionStage<T>> operation) {
        RedisClusterAsyncCommands<byte[], byte[]> current = commands;
        if (current != null) {
            try {
                return bounded(operation.apply(current));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(translate(e));
            }
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        CompletableFuture.supplyAsync(this::commands).thenCompose(operation).whenComplete((value, failure) -> {
            if (failure == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(translate(failure));
            }
        });
        return bounded(result);
    }

    /**
     * The stage, failed with a {@link StoreOutcomeUnknownException} if it is not complete within the factory's
     * command timeout. Lettuce's default options time every command out after that timeout by themselves (on its timer
     * wheel, cheaply); only where the options say otherwise does this bound its answer, so that no request waits on
     * Redis longer than the configured timeout whatever Lettuce's options say. A bound per request is an entry in
     * the JDK's one timeout queue, under its lock, added and removed by every request: that was measured on the
     * read path ({@code DelayedWorkQueue.offer}, {@code FutureTask.cancel} in its profile).
     */
    private <T> CompletionStage<T> bounded(CompletionStage<T> stage) {
        CompletableFuture<T> answer = stage.toCompletableFuture();
        return (lettuceTimesOut ? answer : answer.orTimeout(timeoutNanos, TimeUnit.NANOSECONDS))
                .exceptionally(failure -> {
                    throw translate(failure);
                });
    }

    private static <T> CompletionStage<T> script(RedisClusterAsyncCommands<byte[], byte[]> redis, LuaScripts script,
            ScriptOutputType type, byte[][] keys, byte[]... args) {
        return orEval(redis.evalsha(script.sha1(), type, keys, args), redis, script, type, keys, args);
    }

    /** The answer of an {@code EVALSHA}, or, when the node does not have the script yet, of an {@code EVAL} sent then. */
    static <T> CompletionStage<T> orEval(CompletionStage<T> evalsha, RedisClusterAsyncCommands<byte[], byte[]> redis,
            LuaScripts script, ScriptOutputType type, byte[][] keys, byte[]... args) {
        CompletableFuture<T> result = new CompletableFuture<>();
        evalsha.whenComplete((value, failure) -> {
            if (failure == null) {
                result.complete(value);
            } else if (cause(failure) instanceof RedisNoScriptException) {
                try {
                    translated(redis.<T>eval(script.text(), type, keys, args)).whenComplete((retried, again) -> {
                        if (again == null) {
                            result.complete(retried);
                        } else {
                            result.completeExceptionally(again);
                        }
                    });
                } catch (RuntimeException e) {
                    result.completeExceptionally(translate(e));
                }
            } else {
                result.completeExceptionally(translate(failure));
            }
        });
        return result;
    }

    static <T> CompletionStage<T> translated(CompletionStage<T> stage) {
        CompletableFuture<T> result = new CompletableFuture<>();
        stage.whenComplete((value, failure) -> {
            if (failure == null) {
                result.complete(value);
            } else {
                result.completeExceptionally(translate(failure));
            }
        });
        return result;
    }

    /** The store exception a failure of Lettuce's (or of the connection factory's, when connecting) stands for. */
    static RuntimeException translate(Throwable failure) {
        Throwable cause = cause(failure);
        if (cause instanceof StoreUnavailableException || cause instanceof StoreFullException
                || cause instanceof IllegalStateException || cause instanceof IndexValueFullException) {
            return (RuntimeException) cause;
        }
        if (isOutOfMemory(cause)) {
            return new StoreFullException("Redis is out of memory and refuses writes: " + message(cause), cause);
        }
        if (cause instanceof RedisCommandExecutionException refused) {
            return new IllegalStateException("Redis refused a command of the store: " + refused.getMessage(), refused);
        }
        if (cause instanceof RedisCommandTimeoutException || cause instanceof TimeoutException) {
            return new StoreOutcomeUnknownException("Redis did not answer in time; the command may have been "
                    + "applied: " + message(cause), cause);
        }
        return new StoreUnavailableException("Redis is unavailable: " + message(cause), cause);
    }

    /**
     * Whether Redis refused a command because it reached {@code maxmemory} and may not evict: its error then starts
     * with {@code OOM}, for a plain command and inside a script alike.
     */
    private static boolean isOutOfMemory(Throwable failure) {
        String message = NestedExceptionUtils.getMostSpecificCause(failure).getMessage();
        return message != null && message.contains("OOM command not allowed");
    }

    private static String message(Throwable failure) {
        return String.valueOf(NestedExceptionUtils.getMostSpecificCause(failure));
    }

    private static Throwable cause(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
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
