package dev.sessiondata.server.store.redis;

import static dev.sessiondata.server.store.redis.RedisCalls.bytes;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.sync.RedisServerCommands;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.cluster.pubsub.RedisClusterPubSubAdapter;
import io.lettuce.core.cluster.pubsub.StatefulRedisClusterPubSubConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Records the sessions Redis expires in their partition's change stream, so that the feed tells of an expiry no
 * request caused. Redis removes an expired key by itself; with keyspace notifications on ({@code E} and {@code x} in
 * {@code notify-keyspace-events}) it publishes the key on {@code __keyevent@<db>__:expired}. Every instance of the
 * service subscribes (on a Cluster: on every master, which publishes only its own keys) and runs
 * {@code expired.lua} for each session key it hears of: the script's mark lets the first instance record the
 * expiry and the others find it recorded. The recorded expiry tells the session's index values, which its
 * {@link RedisKeys#indexed} key keeps {@link RedisSessionStore#INDEXES_KEPT_PAST_EXPIRY} past the expiry: an expiry
 * told later than that (a scan slower than that bound) tells none.
 *
 * <p>When {@code configure} is on, the instance adds the two flags to what Redis has, on every master, as Spring
 * Session's {@code ConfigureNotifyKeyspaceEventsAction} does; where {@code CONFIG} is refused (managed Redis), it
 * says so at {@code ERROR} and the operator sets the parameter (see the manual's operations page).
 *
 * <p>Redis tells of an expiry when it removes the key: on an access, or when its active expiry cycle finds it, which
 * visits about {@code 20 × hz} keys with a ttl a second (measured: a minute late among 10,000 keys). So that an
 * expiry is told within a bound that does not grow with the store, one instance at a time (the holder of a lease)
 * walks the session keys with {@code SCAN … MATCH}, {@code scanKeysPerSecond} keys a second; a {@code SCAN} removes
 * the expired keys it visits, and Redis tells of them. A walk of all keys takes keys ÷ rate seconds, the bound.
 */
public final class RedisExpiries implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RedisExpiries.class);

    /** How long the mark of a recorded expiry stays: far longer than the instances take to hear of one expiry. */
    static final Duration MARK_TTL = Duration.ofSeconds(10);
    private static final Duration RETRY = Duration.ofSeconds(1);
    private static final Duration SCAN_STEP = Duration.ofMillis(100);
    private static final Duration LEASE_RENEWAL = Duration.ofSeconds(1);

    private final LettuceConnectionFactory factory;
    private final NativeRedis redis;
    private final RedisKeys keys;
    private final Clock clock;
    private final int history;
    private final boolean configure;
    private final int scanKeysPerSecond;
    private final String instance = UUID.randomUUID().toString();
    private final ScheduledExecutorService scanner = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "redis-expiry-scan");
        thread.setDaemon(true);
        return thread;
    });
    private ScanCursor cursor = ScanCursor.INITIAL;
    private long leaseCheckedAt;
    private boolean leased;
    private @Nullable AutoCloseable subscription;
    private boolean closed;

    public RedisExpiries(LettuceConnectionFactory connections, RedisKeys keys, Clock clock, int history,
            boolean configure, int scanKeysPerSecond) {
        this.factory = connections;
        this.redis = new NativeRedis(connections);
        this.keys = keys;
        this.clock = clock;
        this.history = history;
        this.configure = configure;
        if (scanKeysPerSecond < 0) {
            throw new IllegalArgumentException("scanKeysPerSecond must not be negative, was " + scanKeysPerSecond);
        }
        this.scanKeysPerSecond = scanKeysPerSecond;
    }

    /** Configures and subscribes in the background (again each second while Redis does not answer), and scans. */
    public void start() {
        if (scanKeysPerSecond > 0) {
            scanner.scheduleWithFixedDelay(this::scanStep, SCAN_STEP.toMillis(), SCAN_STEP.toMillis(),
                    TimeUnit.MILLISECONDS);
        }
        subscribeInBackground();
    }

    private void subscribeInBackground() {
        CompletableFuture.runAsync(() -> {
            try {
                synchronized (this) {
                    if (!closed && subscription == null) {
                        checkNotifications();
                        subscription = subscribe();
                    }
                }
            } catch (RuntimeException e) {
                LOG.warn("Cannot subscribe to Redis's expiry notifications yet; trying again", e);
                CompletableFuture.delayedExecutor(RETRY.toMillis(), TimeUnit.MILLISECONDS)
                        .execute(this::subscribeInBackground);
            }
        });
    }

    /**
     * One step of the expiry scan, while this instance holds the lease (taken or renewed each second): the next
     * {@code scanKeysPerSecond / 10} keys, on to the next master of a Cluster at the end of one.
     */
    private void scanStep() {
        try {
            long now = clock.millis();
            if (now - leaseCheckedAt >= LEASE_RENEWAL.toMillis()) {
                leaseCheckedAt = now;
                Long held = NativeRedis.await(redis.<Long>script(LuaScripts.SCAN_LEASE, ScriptOutputType.INTEGER,
                        keys.expiryScanLease(), bytes(instance), bytes(String.valueOf(3 * LEASE_RENEWAL.toMillis()))));
                leased = held != null && held == 1L;
            }
            if (!leased) {
                return;
            }
            ScanArgs args = ScanArgs.Builder.matches(keys.sessionGlob())
                    .limit(Math.max(10, scanKeysPerSecond * SCAN_STEP.toMillis() / 1000));
            KeyScanCursor<byte[]> scanned = NativeRedis.await(redis.call(commands -> commands.scan(cursor, args)));
            cursor = scanned.isFinished() ? ScanCursor.INITIAL : scanned;
        } catch (RuntimeException e) {
            LOG.debug("A step of the expiry scan failed; the next one tries again", e);
            cursor = ScanCursor.INITIAL;
        }
    }

    /** Records the expiry of {@code key} if it is a session key of this store. */
    void expired(byte[] key) {
        String id = keys.sessionId(key);
        if (id == null) {
            return;
        }
        int partition = keys.partition(id);
        byte[][] scriptKeys = {keys.session(id), keys.expired(id), keys.feed(partition), keys.changes(partition),
                keys.indexed(id)};
        redis.<Long>script(LuaScripts.EXPIRED, ScriptOutputType.INTEGER, scriptKeys, bytes(id),
                RedisSessionChanges.newEpoch(), bytes(String.valueOf(history)), bytes(String.valueOf(clock.millis())),
                bytes(String.valueOf(MARK_TTL.toMillis())), keys.indexHead(id))
                .whenComplete((recorded, failure) -> {
                    if (failure != null) {
                        LOG.warn("The expiry of session {} could not be recorded in the change feed", id, failure);
                    }
                });
    }

    private AutoCloseable subscribe() {
        AbstractRedisClient client = factory.getRequiredNativeClient();
        if (client instanceof RedisClusterClient cluster) {
            StatefulRedisClusterPubSubConnection<byte[], byte[]> connection = cluster.connectPubSub(
                    ByteArrayCodec.INSTANCE);
            connection.setNodeMessagePropagation(true);
            connection.addListener(new RedisClusterPubSubAdapter<>() {
                @Override
                public void message(RedisClusterNode node, byte[] channel, byte[] message) {
                    expired(message);
                }
            });
            connection.sync().upstream().commands().subscribe(bytes(channel(0)));
            return connection::close;
        }
        StatefulRedisPubSubConnection<byte[], byte[]> connection = ((RedisClient) client).connectPubSub(
                ByteArrayCodec.INSTANCE);
        connection.addListener(new RedisPubSubAdapter<>() {
            @Override
            public void message(byte[] channel, byte[] message) {
                expired(message);
            }
        });
        connection.sync().subscribe(bytes(channel(factory.getDatabase())));
        return connection::close;
    }

    static String channel(int database) {
        return "__keyevent@" + database + "__:expired";
    }

    /** Turns the notifications on where asked to and allowed, on every master; says loudly where they are off. */
    private void checkNotifications() {
        AbstractRedisClient client = factory.getRequiredNativeClient();
        if (client instanceof RedisClusterClient cluster) {
            try (var connection = cluster.connect(StringCodec.UTF8)) {
                for (RedisClusterNode node : connection.getPartitions()) {
                    if (node.getRole().isUpstream()) {
                        checkNotifications(connection.getConnection(node.getNodeId()).sync(), node.getUri() + "");
                    }
                }
            }
        } else {
            try (var connection = ((RedisClient) client).connect(StringCodec.UTF8)) {
                checkNotifications(connection.sync(), "Redis");
            }
        }
    }

    private void checkNotifications(RedisServerCommands<String, String> server, String where) {
        String flags;
        try {
            Map<String, String> config = server.configGet("notify-keyspace-events");
            flags = config.getOrDefault("notify-keyspace-events", "");
        } catch (RuntimeException e) {
            LOG.error("Cannot read notify-keyspace-events of {} (CONFIG refused: {}). Unless it holds 'E' and 'x'"
                    + " (or 'A'), sessions that expire untouched are never told to applications as expired: set it"
                    + " on every master as the manual's operations page says.", where, e.getMessage());
            return;
        }
        String missing = missingFlags(flags);
        if (missing.isEmpty()) {
            return;
        }
        if (!configure) {
            LOG.error("notify-keyspace-events of {} is '{}', without '{}': sessions that expire untouched are never"
                    + " told to applications as expired. Set it on every master (the manual's operations page), or let"
                    + " the service: sessiondata.store.redis.configure-keyspace-notifications=true.", where, flags,
                    missing);
            return;
        }
        try {
            server.configSet("notify-keyspace-events", flags + missing);
            LOG.info("Set notify-keyspace-events of {} to '{}' for the change feed's expiry events", where,
                    flags + missing);
        } catch (RuntimeException e) {
            LOG.error("Cannot set notify-keyspace-events of {} to '{}' (CONFIG refused: {}): sessions that expire"
                    + " untouched are never told to applications as expired. Set it on every master as the manual's"
                    + " operations page says.", where, flags + missing, e.getMessage());
        }
    }

    /** The flags keyevent notifications of expiries need that {@code flags} lacks ({@code A} includes {@code x}). */
    static String missingFlags(String flags) {
        List<String> missing = new ArrayList<>(2);
        if (flags.indexOf('E') < 0) {
            missing.add("E");
        }
        if (flags.indexOf('x') < 0 && flags.indexOf('A') < 0) {
            missing.add("x");
        }
        return String.join("", missing);
    }

    @Override
    public synchronized void close() throws Exception {
        closed = true;
        scanner.shutdownNow();
        if (subscription != null) {
            subscription.close();
        }
    }
}
