package dev.sessiondata.server.config;

import dev.sessiondata.server.changes.ChangeFeedProperties;
import dev.sessiondata.server.metrics.MeteredSchemaStore;
import dev.sessiondata.server.metrics.MeteredSessionStore;
import dev.sessiondata.server.metrics.SessionCountGauge;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SessionIndex;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.redis.ConsolidatedFlushes;
import dev.sessiondata.server.store.redis.RedisExpiries;
import dev.sessiondata.server.store.redis.RedisKeys;
import dev.sessiondata.server.store.redis.RedisMemoryHealthIndicator;
import dev.sessiondata.server.store.redis.RedisSchemaStore;
import dev.sessiondata.server.store.redis.RedisSessionChanges;
import dev.sessiondata.server.store.redis.RedisSessionStatistics;
import dev.sessiondata.server.store.redis.RedisSessionStore;
import dev.sessiondata.server.index.IndexProperties;
import dev.sessiondata.server.session.SessionProperties;
import io.lettuce.core.ClientOptions;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.data.redis.autoconfigure.ClientResourcesBuilderCustomizer;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.boot.data.redis.health.DataRedisHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The Redis store: {@code sessiondata.store.type=redis}. The connection (standalone, sentinel or cluster) is
 * Spring Boot's, from {@code spring.data.redis.*}: the stores use its factory's one shared native Lettuce connection
 * (Boot maps every connection setting onto it, so no second mapping of ours can drift from its).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sessiondata.store.type", havingValue = "redis")
public class RedisStoreConfiguration {

    private static final String NAME = "redis";

    /** The key names and session partitions every Redis part of the service shares. */
    @Bean
    RedisKeys redisKeys(StoreProperties properties) {
        return new RedisKeys(properties.redis().keyPrefix(), properties.redis().partitions());
    }

    /**
     * The change streams' reader; its tails have connections of their own, closed with it. Under a stream of writes
     * a tail reads once per {@code sessiondata.changes.write-interval}, the most a subscriber waits anyway.
     */
    @Bean(destroyMethod = "close")
    RedisSessionChanges sessionChanges(LettuceConnectionFactory connections, RedisKeys keys, Clock clock,
            ChangeFeedProperties changes) {
        return new RedisSessionChanges(connections, keys, clock, changes.writeInterval());
    }

    /** The expiries Redis tells of, recorded in the change streams; listening from the start, stopped with it. */
    @Bean(initMethod = "start", destroyMethod = "close")
    RedisExpiries redisExpiries(LettuceConnectionFactory connections, RedisKeys keys, StoreProperties properties,
            ChangeFeedProperties changes, Clock clock) {
        return new RedisExpiries(connections, keys, clock, changes.history(),
                properties.redis().configureKeyspaceNotifications(), properties.redis().expiryScanKeysPerSecond());
    }

    /**
     * The store itself, injected only where named: everyone else takes the metered {@link #sessionStore}. Reads
     * whose slide Redis refused for want of memory, answered with the expiry the session had, are counted as
     * {@code sessiondata.store.slide.refused}.
     */
    @Bean(defaultCandidate = false)
    RedisSessionStore redisSessionStore(LettuceConnectionFactory connections, RedisKeys keys,
            StoreProperties properties, IndexProperties indexes, ChangeFeedProperties changes, Clock clock,
            MeterRegistry registry) {
        Counter refused = Counter.builder("sessiondata.store.slide.refused")
                .description("Reads whose expiry slide the store refused for want of memory; the session was answered")
                .tag("store", NAME)
                .register(registry);
        return new RedisSessionStore(connections, keys, clock, properties.redis().slideResolution(),
                refused::increment, indexes.maxSessionsPerValue(), changes.history(), indexes.expiryResolution());
    }

    @Bean
    SessionStore sessionStore(@Qualifier("redisSessionStore") RedisSessionStore store, MeterRegistry registry) {
        return new MeteredSessionStore(store, NAME, registry);
    }

    /** The store's index view alone, so that it is no second candidate for {@link SessionStore}. */
    @Bean
    SessionIndex sessionIndex(@Qualifier("redisSessionStore") RedisSessionStore store) {
        return store::sessions;
    }

    @Bean
    SessionStoreStatistics sessionStoreStatistics(LettuceConnectionFactory connections, RedisKeys keys,
            StoreProperties properties) {
        return new RedisSessionStatistics(connections, keys, properties.redis().countSample());
    }

    @Bean
    SchemaStore schemaStore(LettuceConnectionFactory connections, StoreProperties properties, MeterRegistry registry) {
        return new MeteredSchemaStore(new RedisSchemaStore(connections, properties.redis().keyPrefix()), NAME, registry);
    }

    /**
     * Counting Redis's sessions is cheap ({@code DBSIZE} and a bounded sample) but still a Redis call: one in the
     * background every count-interval, so a scrape never waits for Redis, however many scrape how often.
     */
    @Bean
    SessionCountGauge activeSessionsGauge(SessionStoreStatistics store, StoreProperties properties) {
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

    /** One system call for the commands of all requests Lettuce writes in one turn: {@link ConsolidatedFlushes}. */
    @Bean
    ClientResourcesBuilderCustomizer consolidatedRedisFlushes() {
        return resources -> resources.nettyCustomizer(new ConsolidatedFlushes());
    }

    /** How often the timer of Redis command timeouts turns: {@link #redisCommandTimer}. */
    static final long COMMAND_TIMER_TICK_MILLIS = 10;

    /**
     * The timer of Lettuce's command timeouts, turning more often than Lettuce's own. Every command gets a timeout
     * on it, and the timeout holds the command, its arguments and its answer (a session's bytes) until the timer's
     * next turn, even when the command completed long before: a cancelled timeout leaves the wheel only then
     * ({@code HashedWheelTimer.HashedWheelTimeout.cancel}). With Lettuce's slower turns, answers of completed reads
     * stayed reachable long enough for every young collection to copy them (docs/capacity/history.md has the
     * measurements). The application context stops it; Lettuce does not stop a timer it was given.
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
