package dev.sessiondata.server.store.redis;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.async.RedisAdvancedClusterAsyncCommands;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.BooleanOutput;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.output.NestedMultiOutput;
import io.lettuce.core.output.ValueOutput;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.lettuce.core.protocol.RedisCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Commands that go to Redis together, made by {@link NativeRedis#batch}: each method adds one and answers its stage
 * (failures translated as {@link NativeRedis} translates them); nothing is sent before the whole batch is. Lettuce's
 * asynchronous methods write and flush each command on its own, a wake-up of its I/O thread and a system call per
 * command on both sides; a batch is one write, which is what makes two or three commands cost about what one does.
 * A script goes as {@code EVALSHA} in the batch and, where the node does not have it yet, as {@code EVAL} after it,
 * alone.
 */
final class CommandBatch {

    private static final ByteArrayCodec CODEC = ByteArrayCodec.INSTANCE;

    private final RedisClusterAsyncCommands<byte[], byte[]> redis;
    private final List<RedisCommand<byte[], byte[], ?>> commands = new ArrayList<>(4);

    CommandBatch(RedisClusterAsyncCommands<byte[], byte[]> redis) {
        this.redis = redis;
    }

    /**
     * {@code HMGET key fields...}, the first field copied only when it is at most {@code ceiling} bytes
     * ({@link BoundedFieldsOutput}).
     */
    CompletionStage<BoundedFieldsOutput.Fields> hmget(byte[] key, long ceiling, byte[]... fields) {
        return NativeRedis.translated(add(CommandType.HMGET, new BoundedFieldsOutput(fields.length, ceiling),
                args().addKey(key).addKeys(fields)));
    }

    /** {@code HSET key field value...}: the number of fields that were new. */
    CompletionStage<Long> hset(byte[] key, Map<byte[], byte[]> fields) {
        return NativeRedis.translated(add(CommandType.HSET, new IntegerOutput<>(CODEC),
                args().addKey(key).add(fields)));
    }

    /** {@code PEXPIRE key milliseconds}: whether the key exists. */
    CompletionStage<Boolean> pexpire(byte[] key, Duration ttl) {
        return NativeRedis.translated(add(CommandType.PEXPIRE, new BooleanOutput<>(CODEC),
                args().addKey(key).add(ttl.toMillis())));
    }

    /** A script on {@code keys} (of one slot): integers come back as {@link Long}, bulk strings as {@code byte[]}. */
    <T> CompletionStage<T> script(LuaScripts script, ScriptOutputType type, byte[][] keys, byte[]... values) {
        CompletionStage<T> evalsha = add(CommandType.EVALSHA, output(type),
                args().add(script.sha1()).add(keys.length).addKeys(keys).addValues(values));
        return NativeRedis.orEval(evalsha, redis, script, type, keys, values);
    }

    /** Writes the batch to the connection. */
    void send() {
        connection().dispatch(commands);
    }

    private <T> CompletionStage<T> add(CommandType type, CommandOutput<byte[], byte[], T> output,
            CommandArgs<byte[], byte[]> args) {
        AsyncCommand<byte[], byte[], T> command = new AsyncCommand<>(new Command<>(type, output, args));
        commands.add(command);
        return command;
    }

    @SuppressWarnings("unchecked") // the script's type says what its answer is
    private static <T> CommandOutput<byte[], byte[], T> output(ScriptOutputType type) {
        return (CommandOutput<byte[], byte[], T>) switch (type) {
            case VALUE -> new ValueOutput<>(CODEC);
            case MULTI -> new NestedMultiOutput<>(CODEC);
            case INTEGER -> new IntegerOutput<>(CODEC);
            default -> throw new IllegalArgumentException("no batched script answers " + type);
        };
    }

    private static CommandArgs<byte[], byte[]> args() {
        return new CommandArgs<>(CODEC);
    }

    private StatefulConnection<byte[], byte[]> connection() {
        if (redis instanceof RedisAdvancedClusterAsyncCommands<byte[], byte[]> cluster) {
            return cluster.getStatefulConnection();
        }
        return ((RedisAsyncCommands<byte[], byte[]>) redis).getStatefulConnection();
    }
}
