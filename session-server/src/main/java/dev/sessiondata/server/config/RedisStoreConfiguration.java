package dev.sessiondata.server.config;

import dev.sessiondata.server.metrics.MeteredSchemaStore;
import dev.sessiondata.server.metrics.MeteredSessionStore;
import dev.sessiondata.server.metrics.SessionCountGauge;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.redis.ConsolidatedFlushes;
import dev.sessiondata.server.store.redis.LoopConnections;
import dev.sessiondata.server.store.redis.RedisMemoryHealthIndicator;
import dev.sessiondata.server.store.redis.RedisSchemaStore;
import dev.sessiondata.server.store.redis.RedisSessionStore;
import dev.sessiondata.server.web.SessionProperties;
import io.lettuce.core.ClientOptions;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.data.redis.autoconfigure.ClientResourcesBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.boot.data.redis.health.DataRedisHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import reactor.netty.resources.LoopResources;

/**
 * The Redis store: {@code sessiondata.store.type=redis}. The connection (standalone, sentinel or cluster) is
 * Spring Boot's, from {@code spring.data.redis.*}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sessiondata.store.type", havingValue = "redis")
public class RedisStoreConfiguration {

    private static final String NAME = "redis";

    @Bean
    SessionStore sessionStore(LettuceConnectionFactory connections, LoopConnections loops, StoreProperties properties,
            Clock clock, MeterRegistry registry) {
        var store = new RedisSessionStore(connections, loops, properties.redis().keyPrefix(), clock,
                properties.redis().countSample(), properties.redis().slideResolution());
        return new MeteredSessionStore(store, NAME, registry);
    }

    @Bean
    SchemaStore schemaStore(RedisConnectionFactory connections, StoreProperties properties, MeterRegistry registry) {
        return new MeteredSchemaStore(new RedisSchemaStore(connections, properties.redis().keyPrefix()), NAME, registry);
    }

    /**
     * Counting Redis's sessions is cheap ({@code DBSIZE} and a bounded sample) but still a Redis call: one in the
     * background every count-interval, so a scrape never waits for Redis, however many scrape how often.
     */
    @Bean
    SessionCountGauge activeSessionsGauge(SessionStore store, StoreProperties properties) {
        return SessionCountGauge.countedEvery(properties.redis().countInterval(), store, NAME);
    }

    /** Spring Boot's Redis PING indicator, under the name {@code store}: DOWN while Redis is away. */
    @Bean
    HealthIndicator storeHealthIndicator(RedisConnectionFactory connections) {
        return new DataRedisHealthIndicator(connections);
    }

    /** Under the name {@code storeMemory}: DOWN while Redis refuses writes of a session for want of memory. */
    @Bean
    HealthIndicator storeMemoryHealthIndicator(RedisConnectionFactory connections, SessionProperties sessions) {
        return new RedisMemoryHealthIndicator(connections, sessions.maxSize().toBytes());
    }

    /**
     * With {@code sessiondata.store.redis.loop-connections}, a standalone Redis connection per event loop of the web
     * server, for the requests that run on that loop:
     * command, answer and response on one thread ({@link LoopConnections}); closed before the loops are disposed.
     */
    @Bean
    LoopConnections redisLoopConnections(LettuceConnectionFactory connections, LoopResources serverLoops,
            StoreProperties properties) {
        return properties.redis().loopConnections()
                ? LoopConnections.of(connections, serverLoops.onServer(LoopResources.DEFAULT_NATIVE))
                : LoopConnections.none();
    }

    /** One system call for the commands of all requests Lettuce writes in one turn: {@link ConsolidatedFlushes}. */
    @Bean
    ClientResourcesBuilderCustomizer consolidatedRedisFlushes() {
        return resources -> resources.nettyCustomizer(new ConsolidatedFlushes());
    }

    /**
     * How often the timer of Redis command timeouts turns: {@link #redisCommandTimer}. Lettuce's own turns every
     * 100 ms.
     */
    static final long COMMAND_TIMER_TICK_MILLIS = 10;

    /**
     * The timer of Lettuce's command timeouts, turning every {@value #COMMAND_TIMER_TICK_MILLIS} ms instead of
     * Lettuce's 100 ms. Every command gets a timeout on it, and the timeout holds the command, its arguments and
     * its answer (a session's bytes) until the timer's next turn, even when the command completed long before: a
     * cancelled timeout leaves the wheel only then ({@code HashedWheelTimer.HashedWheelTimeout.cancel}). With
     * 100 ms turns, 10 KB reads at 23,000 a second kept 10-30 MB of answers reachable at any moment, which every
     * young collection copied (G1 logs: 12 MB of age-1 survivors per collection on average, pauses of 5-9 ms every
     * 0.3-0.7 s; with 10 ms turns 1.6 MB, pause median 5.3 -> 2.3 ms, GC time -38 %: docs/capacity/history.md). A
     * turn every 10 ms wakes one thread 100 times a second. The application context stops it; Lettuce does not
     * stop a timer it was given.
     */
    @Bean(destroyMethod = "stop")
    HashedWheelTimer redisCommandTimer() {
        return new HashedWheelTimer(new DefaultThreadFactory("lettuce-timer", true), COMMAND_TIMER_TICK_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    @Bean
    ClientResourcesBuilderCustomizer redisCommandTimerResources(HashedWheelTimer redisCommandTimer) {
        return resources -> resources.timer(redisCommandTimer);
    }

    /**
     * While Redis is away, refuse commands at once instead of queueing them until the timeout: requests get a
     * {@code 503} right away, and nothing queued runs late after Redis returns. Lettuce still reconnects.
     */
    @Bean
    LettuceClientOptionsBuilderCustomizer rejectCommandsWhileDisconnected() {
        return options -> options.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
    }
}
