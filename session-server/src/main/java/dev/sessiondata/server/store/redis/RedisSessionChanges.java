package dev.sessiondata.server.store.redis;

import static dev.sessiondata.server.store.redis.RedisCalls.bytes;
import static dev.sessiondata.server.store.redis.RedisCalls.text;

import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.PartitionHead;
import dev.sessiondata.server.store.SessionChange;
import dev.sessiondata.server.store.SessionChanges;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The change feed of a {@link RedisSessionStore}: its put and delete scripts append each change to the session's
 * partition stream ({@link RedisKeys#changes}) with the partition's next sequence number as the entry id
 * ({@code <sequence>-0}), in the script that makes the change, so every change through every instance is there.
 *
 * <p>Each instance tails the streams itself ({@code XREAD BLOCK}) while it has listeners (a tail with none cost
 * Redis and the server a stream read per change for nobody), on connections of its own, so a blocked read
 * never holds up the shared connection: on a standalone or Sentinel Redis one connection reads every partition;
 * on a Cluster, where one command may only name keys of one slot, one connection per partition. The tail asks
 * every {@link #EPOCH_CHECK} where each partition is ({@code feed-head.lua}), so that an emptied store is noticed
 * without a change; a new epoch's sequence numbers start above the old one's, so a change written after the store
 * was emptied reaches the tail at once, and its jump makes the tail read the new epoch before it passes it on.
 *
 * <p>Expiries: Redis removes an expired session without a script; {@link RedisExpiries} hears of it through
 * Redis's keyspace notifications and records it in the stream ({@code expired.lua}), where the tails read it as
 * any other change.
 */
public final class RedisSessionChanges implements SessionChanges {

    private static final Logger LOG = LoggerFactory.getLogger(RedisSessionChanges.class);

    /** How often the tail asks each partition's epoch, the bound on noticing an emptied store that sees no change. */
    static final Duration EPOCH_CHECK = Duration.ofSeconds(1);
    private static final int READ_COUNT = 512;
    /**
     * How long a group's claim mark outlives its last claim: a group whose instances all stopped for longer starts
     * over (its next claim finds no mark), which loses nothing since it heard nothing meanwhile.
     */
    static final Duration CLAIM_MARK_TTL = Duration.ofDays(1);

    private final LettuceConnectionFactory factory;
    private final NativeRedis redis;
    private final RedisKeys keys;
    private final Clock clock;
    private final long blockMillis;
    private final long readPauseNanos;
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Tail> tails = new ArrayList<>();
    private boolean started;
    /** Counts the starts and stops of the tails, so that a start that completes after a stop opens nothing. */
    private long generation;
    private volatile boolean closed;

    /**
     * @param readPause how long a tail waits, after a read that brought changes but not as many as one read takes,
     *                  before it reads again: under a stream of writes each read then brings what that time
     *                  gathered, instead of the one or two changes a read that follows at once finds (a blocking
     *                  read of every partition's stream costs Redis and the server about the same whatever it
     *                  brings); zero reads again at once
     */
    public RedisSessionChanges(LettuceConnectionFactory connections, RedisKeys keys, Clock clock, Duration readPause) {
        this.factory = connections;
        this.readPauseNanos = readPause.toNanos();
        this.redis = new NativeRedis(connections);
        this.keys = keys;
        this.clock = clock;
        // a blocked read must come back before Lettuce's command timeout fails it
        this.blockMillis = Math.max(10, Math.min(EPOCH_CHECK.toMillis(),
                connections.getClientConfiguration().getCommandTimeout().toMillis() / 2));
    }

    /** A random epoch, offered to a partition that has none yet. */
    static byte[] newEpoch() {
        byte[] random = new byte[6];
        ThreadLocalRandom.current().nextBytes(random);
        return bytes(HexFormat.of().formatHex(random));
    }

    @Override
    public int partitions() {
        return keys.partitions();
    }

    @Override
    public CompletionStage<List<PartitionHead>> heads() {
        List<CompletableFuture<PartitionHead>> heads = new ArrayList<>(keys.partitions());
        for (int p = 0; p < keys.partitions(); p++) {
            heads.add(head(p).toCompletableFuture());
        }
        return CompletableFuture.allOf(heads.toArray(CompletableFuture[]::new))
                .thenApply(done -> heads.stream().map(CompletableFuture::join).toList());
    }

    private CompletionStage<PartitionHead> head(int partition) {
        return redis.<List<Object>>script(LuaScripts.FEED_HEAD, ScriptOutputType.MULTI, keys.feed(partition),
                newEpoch(), bytes(String.valueOf(clock.millis())))
                .thenApply(answer -> new PartitionHead(text(answer.get(0)), Long.parseLong(text(answer.get(1)))));
    }

    @Override
    public CompletionStage<Optional<List<SessionChange>>> since(int partition, PartitionHead after, int limit) {
        byte[][] scriptKeys = {keys.feed(partition), keys.changes(partition)};
        return redis.<List<Object>>script(LuaScripts.FEED_SINCE, ScriptOutputType.MULTI, scriptKeys,
                bytes((after.sequence() + 1) + "-0"), bytes(String.valueOf(limit))).thenApply(answer -> {
                    if (answer.get(0) == null || !after.epoch().equals(text(answer.get(0)))) {
                        return Optional.empty();
                    }
                    long last = answer.get(1) == null ? 0 : Long.parseLong(text(answer.get(1)));
                    long oldest = answer.get(2) == null ? last + 1 : sequence(text(answer.get(2)));
                    if (after.sequence() > last || oldest > after.sequence() + 1) {
                        return Optional.empty();
                    }
                    List<SessionChange> changes = new ArrayList<>();
                    for (Object entry : (List<?>) answer.get(3)) {
                        List<?> idAndFields = (List<?>) entry;
                        changes.add(change(partition, after.epoch(), sequence(text(idAndFields.get(0))),
                                fields((List<?>) idAndFields.get(1))));
                    }
                    return Optional.of(changes);
                });
    }

    private static Map<String, byte[]> fields(List<?> flat) {
        Map<String, byte[]> fields = new HashMap<>(4);
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            fields.put(text(flat.get(i)), (byte[]) flat.get(i + 1));
        }
        return fields;
    }

    /**
     * A stream entry as a change: {@code i} the id, {@code v} the version (empty for a deletion), {@code t} the
     * commit time, {@code k} the kind where it is not the one {@code v} implies (an update, a delete):
     * {@code c} a create, {@code x} an expiry, {@code m} the old id of an id change; and {@code n} the index values
     * of a session created, deleted or expired with some (the session hash's {@code indexes}: {@code name:value},
     * one a line).
     */
    private static SessionChange change(int partition, String epoch, long sequence, Map<String, byte[]> fields) {
        String version = text(fields.get("v"));
        byte[] kind = fields.get("k");
        SessionChange.Kind told;
        if (kind == null || kind.length == 0) {
            told = version.isEmpty() ? SessionChange.Kind.DELETED : SessionChange.Kind.UPDATED;
        } else {
            told = switch (kind[0]) {
                case 'c' -> SessionChange.Kind.CREATED;
                case 'x' -> SessionChange.Kind.EXPIRED;
                case 'm' -> SessionChange.Kind.MOVED;
                default -> version.isEmpty() ? SessionChange.Kind.DELETED : SessionChange.Kind.UPDATED;
            };
        }
        return new SessionChange(partition, epoch, sequence, text(fields.get("i")),
                version.isEmpty() ? null : version, told, Long.parseLong(text(fields.get("t"))),
                indexes(fields.get("n")));
    }

    /** The {@code name:value} lines of an entry's {@code n} as index values (an index name holds no colon). */
    static IndexValues indexes(byte @Nullable [] lines) {
        if (lines == null || lines.length == 0) {
            return IndexValues.none();
        }
        Map<String, String> values = new HashMap<>(2);
        for (String line : text(lines).split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                values.put(line.substring(0, colon), line.substring(colon + 1));
            }
        }
        return new IndexValues(values);
    }

    @Override
    public CompletionStage<Boolean> claim(String group, SessionChange change) {
        return redis.<Long>script(LuaScripts.CLAIM, ScriptOutputType.INTEGER, keys.claim(change.partition(), group),
                bytes(String.valueOf(change.sequence())), bytes(String.valueOf(CLAIM_MARK_TTL.toMillis())))
                .thenApply(claimed -> claimed == 1L);
    }

    private static long sequence(String entryId) {
        return Long.parseLong(entryId.substring(0, entryId.indexOf('-')));
    }

    /**
     * {@inheritDoc} The first listener starts the tails from the partitions' heads, read on the shared connection
     * before any head a listener reads after this call: a listener that then reads the heads and the changes since
     * its own position misses nothing. The last listener to close stops them.
     */
    @Override
    public synchronized AutoCloseable listen(ChangeListener listener) {
        listeners.add(listener);
        if (!started) {
            started = true;
            start(++generation);
        }
        return () -> stopListening(listener);
    }

    private synchronized void stopListening(ChangeListener listener) {
        listeners.remove(listener);
        if (listeners.isEmpty() && started) {
            started = false;
            generation++;
            tails.forEach(Tail::close);
            tails.clear();
        }
    }

    /** Stops the tails and closes their connections. */
    public synchronized void close() {
        closed = true;
        tails.forEach(Tail::close);
        tails.clear();
    }

    /** Starts the tails at the partitions' heads, once Redis answers (again after a second while it does not). */
    private void start(long started) {
        heads().whenComplete((heads, failure) -> {
            if (failure != null) {
                LOG.warn("The change feed cannot read where the partitions are; trying again", failure);
                CompletableFuture.delayedExecutor(EPOCH_CHECK.toMillis(), TimeUnit.MILLISECONDS)
                        .execute(() -> {
                            if (isCurrent(started)) {
                                start(started);
                            }
                        });
                return;
            }
            // connecting waits, which Lettuce's own threads (this one) must not
            CompletableFuture.runAsync(() -> {
                synchronized (this) {
                    if (isCurrent(started)) {
                        openTails(heads);
                    }
                }
            });
        });
    }

    private synchronized boolean isCurrent(long started) {
        return !closed && generation == started;
    }

    private void openTails(List<PartitionHead> heads) {
        AbstractRedisClient client = factory.getRequiredNativeClient();
        if (client instanceof RedisClusterClient cluster) {
            for (int p = 0; p < keys.partitions(); p++) {
                var connection = cluster.connect(ByteArrayCodec.INSTANCE);
                tails.add(new Tail(connection, connection.async(), new int[] {p}, heads));
            }
        } else {
            var connection = ((RedisClient) client).connect(ByteArrayCodec.INSTANCE);
            int[] all = new int[keys.partitions()];
            for (int p = 0; p < all.length; p++) {
                all[p] = p;
            }
            tails.add(new Tail(connection, connection.async(), all, heads));
        }
        tails.forEach(Tail::read);
    }

    private void publish(List<SessionChange> changes) {
        for (ChangeListener listener : listeners) {
            try {
                listener.changed(changes);
            } catch (RuntimeException e) {
                LOG.warn("A change feed listener failed; the others are told", e);
            }
        }
    }

    private void restarted(int partition, PartitionHead head) {
        for (ChangeListener listener : listeners) {
            listener.restarted(partition, head);
        }
    }

    /** Reads the streams of some partitions, one {@code XREAD} after another, on a connection of its own. */
    private final class Tail {

        private final StatefulConnection<byte[], byte[]> connection;
        private final RedisClusterAsyncCommands<byte[], byte[]> commands;
        private final int[] partitions;
        /** Each partition's stream key, as the answers of a read name them. */
        private final byte[][] streams;
        private final String[] epochs;
        private final long[] last;
        private long checkedAt;
        private volatile boolean stopped;

        Tail(StatefulConnection<byte[], byte[]> connection, RedisClusterAsyncCommands<byte[], byte[]> commands,
                int[] partitions, List<PartitionHead> heads) {
            this.connection = connection;
            this.commands = commands;
            this.partitions = partitions;
            this.epochs = new String[partitions.length];
            this.last = new long[partitions.length];
            this.streams = new byte[partitions.length][];
            for (int i = 0; i < partitions.length; i++) {
                streams[i] = keys.changes(partitions[i]);
                epochs[i] = heads.get(partitions[i]).epoch();
                last[i] = heads.get(partitions[i]).sequence();
            }
            this.checkedAt = clock.millis();
        }

        @SuppressWarnings("unchecked")
        void read() {
            if (stopped) {
                return;
            }
            XReadArgs.StreamOffset<byte[]>[] offsets = new XReadArgs.StreamOffset[partitions.length];
            for (int i = 0; i < partitions.length; i++) {
                offsets[i] = XReadArgs.StreamOffset.from(streams[i], last[i] + "-0");
            }
            commands.xread(XReadArgs.Builder.block(blockMillis).count(READ_COUNT), offsets)
                    .thenCompose(messages -> deliver(messages)
                            .thenApply(delivered -> messages == null ? 0 : messages.size()))
                    .thenCompose(read -> checkEpochs().thenApply(checked -> read))
                    .whenComplete((read, failure) -> {
                        if (stopped) {
                            return;
                        }
                        if (failure != null) {
                            // once a second while Redis is away or full: one line each, the stack at DEBUG
                            LOG.warn("Reading the change streams failed; reading again: {}", failure.toString());
                            LOG.debug("Reading the change streams failed", failure);
                            CompletableFuture.delayedExecutor(EPOCH_CHECK.toMillis(),
                                    TimeUnit.MILLISECONDS).execute(this::read);
                        } else if (read > 0 && read < READ_COUNT && readPauseNanos > 0) {
                            CompletableFuture.delayedExecutor(readPauseNanos, TimeUnit.NANOSECONDS).execute(this::read);
                        } else {
                            read();
                        }
                    });
        }

        /**
         * Passes the messages on in order; a partition whose sequence jumped has a new epoch or lost history: its
         * epoch is read again first (a listener tells the jump from its own position).
         */
        private CompletionStage<Void> deliver(@Nullable List<StreamMessage<byte[], byte[]>> messages) {
            if (messages == null || messages.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            List<Integer> jumped = new ArrayList<>();
            long[] expected = last.clone();
            for (StreamMessage<byte[], byte[]> message : messages) {
                int i = index(message.getStream());
                long sequence = sequence(message.getId());
                if (sequence != expected[i] + 1 && !jumped.contains(i)) {
                    jumped.add(i);
                }
                expected[i] = sequence;
            }
            CompletionStage<Void> epochsRead = CompletableFuture.completedFuture(null);
            for (int i : jumped) {
                epochsRead = epochsRead.thenCompose(done -> head(partitions[i]))
                        .thenAccept(head -> newEpoch(i, head));
            }
            return epochsRead.thenRun(() -> {
                List<SessionChange> read = new ArrayList<>(messages.size());
                for (StreamMessage<byte[], byte[]> message : messages) {
                    int i = index(message.getStream());
                    long sequence = sequence(message.getId());
                    if (sequence > last[i]) {
                        last[i] = sequence;
                        Map<byte[], byte[]> body = message.getBody();
                        Map<String, byte[]> fields = new HashMap<>(4);
                        body.forEach((field, value) -> fields.put(text(field), value));
                        read.add(change(partitions[i], epochs[i], sequence, fields));
                    }
                }
                if (!read.isEmpty()) {
                    publish(read);
                }
            });
        }

        private CompletionStage<Void> checkEpochs() {
            if (clock.millis() - checkedAt < EPOCH_CHECK.toMillis()) {
                return CompletableFuture.completedFuture(null);
            }
            checkedAt = clock.millis();
            CompletionStage<Void> checked = CompletableFuture.completedFuture(null);
            for (int i = 0; i < partitions.length; i++) {
                int index = i;
                checked = checked.thenCompose(done -> head(partitions[index]))
                        .thenAccept(head -> {
                            // its changes, numbered above the old epoch's, are read from where the tail is
                            newEpoch(index, head);
                        });
            }
            return checked;
        }

        private void newEpoch(int i, PartitionHead head) {
            if (!head.epoch().equals(epochs[i])) {
                epochs[i] = head.epoch();
                restarted(partitions[i], head);
            }
        }

        private int index(byte[] stream) {
            for (int i = 0; i < partitions.length; i++) {
                if (Arrays.equals(streams[i], stream)) {
                    return i;
                }
            }
            throw new IllegalStateException("a stream not asked for: " + new String(stream, StandardCharsets.UTF_8));
        }

        void close() {
            stopped = true;
            connection.closeAsync();
        }
    }
}
