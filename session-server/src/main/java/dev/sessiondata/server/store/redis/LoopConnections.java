package dev.sessiondata.server.store.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.EventLoopGroupProvider;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * One connection to a standalone Redis per event loop of the web server, served by that loop itself: a request
 * that runs on loop <i>n</i> sends its commands on connection <i>n</i>, whose answer is read and completed on the
 * same thread, so the response is written there too. With Lettuce's own I/O threads a request crossed threads
 * twice (its command handed to Lettuce's thread, the answer handed back to the web server's loop), a queued task
 * and a wake-up each way, on 2 cores shared with Redis and the load generator.
 *
 * <p>Each connection is a {@link RedisClient} of its own whose event loop "group" is the one loop, with the rest
 * of the factory's {@link ClientResources} shared (timer, computation threads, the flush consolidation), and the
 * factory's client options, address, credentials, database, TLS settings and command timeout. Nothing here blocks
 * a loop: the connections are opened asynchronously when made (on the caller's thread, at startup), and a loop whose
 * connection is not up (Redis was away at startup) has its caller use the factory's shared connection meanwhile
 * while a new attempt is made, off the loops, at most once per {@link #RETRY_INTERVAL}. Once connected, Lettuce
 * reconnects each connection by itself, on its loop, as it does its own.
 *
 * <p>Only for a standalone Redis over TCP (what {@link #of} accepts): cluster and sentinel connections discover
 * their nodes with calls that must not run on a loop, and keep Lettuce's own threads.
 */
public final class LoopConnections implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LoopConnections.class);

    /** How often a loop whose connection failed tries again while its callers use the shared connection. */
    static final Duration RETRY_INTERVAL = Duration.ofSeconds(1);

    private final Loop[] loops;

    private LoopConnections(List<Loop> loops) {
        this.loops = loops.toArray(Loop[]::new);
        for (Loop loop : this.loops) {
            loop.connect();
        }
    }

    /** None: every caller uses the factory's shared connection. */
    public static LoopConnections none() {
        return new LoopConnections(List.of());
    }

    /**
     * Connections for every loop of {@code serverLoops}, made with the factory's settings; {@link #none()} when the
     * factory does not connect to one standalone Redis over TCP (cluster, sentinel, Unix socket), or names a
     * credentials provider, which only the factory knows how to apply.
     */
    public static LoopConnections of(LettuceConnectionFactory factory, EventLoopGroup serverLoops) {
        LettuceClientConfiguration client = factory.getClientConfiguration();
        // without resources of the application's, the factory's client makes its own, which are not to be shared
        ClientResources shared = client.getClientResources().orElse(null);
        if (shared == null || factory.isClusterAware() || factory.isRedisSentinelAware()
                || factory.getSocketConfiguration() != null || client.getRedisCredentialsProviderFactory().isPresent()) {
            return none();
        }
        RedisURI uri = uri(factory.getStandaloneConfiguration(), client);
        List<Loop> loops = new ArrayList<>();
        for (EventExecutor executor : serverLoops) {
            if (!(executor instanceof EventLoop loop)) {
                return none();
            }
            ClientResources resources = shared.mutate().eventLoopGroupProvider(new OneLoop(loop)).build();
            RedisClient redis = RedisClient.create(resources, uri);
            client.getClientOptions().ifPresent(redis::setOptions);
            loops.add(new Loop(loop, resources, redis, uri));
        }
        return new LoopConnections(loops);
    }

    /**
     * The commands of the connection of the loop the caller runs on; null off the loops, or while that loop's
     * connection is not up (then a new attempt is started, if none was lately).
     */
    @Nullable RedisAsyncCommands<byte[], byte[]> current() {
        for (Loop loop : loops) {
            if (loop.loop.inEventLoop()) {
                return loop.commands();
            }
        }
        return null;
    }

    /** Closes the connections; the loops stay the web server's. */
    @Override
    public void close() {
        for (Loop loop : loops) {
            loop.close();
        }
    }

    /** The address and settings Spring Data's factory would connect a standalone client with. */
    private static RedisURI uri(RedisStandaloneConfiguration standalone, LettuceClientConfiguration client) {
        RedisURI.Builder uri = RedisURI.builder().withHost(standalone.getHostName()).withPort(standalone.getPort())
                .withDatabase(standalone.getDatabase()).withSsl(client.isUseSsl())
                .withVerifyPeer(client.getVerifyMode()).withStartTls(client.isStartTls())
                .withTimeout(client.getCommandTimeout());
        RedisPassword password = standalone.getPassword();
        if (password.isPresent()) {
            String username = standalone.getUsername();
            if (username != null) {
                uri.withAuthentication(username, password.get());
            } else {
                uri.withPassword(password.get());
            }
        }
        client.getClientName().ifPresent(uri::withClientName);
        return uri.build();
    }

    /** One loop and its connection. */
    private static final class Loop {

        final EventLoop loop;
        private final ClientResources resources;
        private final RedisClient redis;
        private final RedisURI uri;
        private volatile @Nullable StatefulRedisConnection<byte[], byte[]> connection;
        private volatile @Nullable RedisAsyncCommands<byte[], byte[]> commands;
        /** When the last connection attempt started (nanoTime), 0 before the first; guards against two at once. */
        private final AtomicLong attempt = new AtomicLong();

        Loop(EventLoop loop, ClientResources resources, RedisClient redis, RedisURI uri) {
            this.loop = loop;
            this.resources = resources;
            this.redis = redis;
            this.uri = uri;
        }

        @Nullable RedisAsyncCommands<byte[], byte[]> commands() {
            RedisAsyncCommands<byte[], byte[]> current = commands;
            if (current == null && claimAttempt()) {
                // off the loop: resolving the address may block
                CompletableFuture.runAsync(this::open);
            }
            return current;
        }

        /** Starts a connection attempt unless one started within the retry interval. */
        void connect() {
            if (claimAttempt()) {
                open();
            }
        }

        /** Whether the caller may start an attempt: none is up and none started within the retry interval. */
        private boolean claimAttempt() {
            long last = attempt.get();
            long now = System.nanoTime();
            return commands == null && (last == 0 || now - last >= RETRY_INTERVAL.toNanos())
                    && attempt.compareAndSet(last, now == 0 ? 1 : now);
        }

        private void open() {
            redis.connectAsync(ByteArrayCodec.INSTANCE, uri).whenComplete((opened, failure) -> {
                if (failure == null) {
                    connection = opened;
                    commands = opened.async();
                } else {
                    LOG.debug("Redis connection of {} not opened, its requests use the shared one meanwhile", loop,
                            failure);
                }
            });
        }

        void close() {
            StatefulRedisConnection<byte[], byte[]> open = connection;
            commands = null;
            if (open != null) {
                open.close();
            }
            redis.shutdown(Duration.ZERO, Duration.ofSeconds(2));
            resources.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }

    /** Lettuce's event loops for one client: the one loop, never shut down by Lettuce (the web server owns it). */
    private record OneLoop(EventLoop loop) implements EventLoopGroupProvider {

        @Override
        @SuppressWarnings("unchecked") // Lettuce asks for its transport's group class; the loop is of that transport
        public <T extends EventLoopGroup> T allocate(Class<T> type) {
            return (T) loop;
        }

        @Override
        public int threadPoolSize() {
            return 1;
        }

        @Override
        public Future<Boolean> release(EventExecutorGroup eventLoopGroup, long quietPeriod, long timeout,
                TimeUnit unit) {
            return ImmediateEventExecutor.INSTANCE.newSucceededFuture(true);
        }

        @Override
        public Future<Boolean> shutdown(long quietPeriod, long timeout, TimeUnit timeUnit) {
            return ImmediateEventExecutor.INSTANCE.newSucceededFuture(true);
        }
    }
}
