package dev.sessiondata.server.config;

import dev.sessiondata.server.metrics.MeteredSchemaStore;
import dev.sessiondata.server.metrics.MeteredSessionStore;
import dev.sessiondata.server.metrics.SessionCountGauge;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.redis.ConsolidatedFlushes;
import dev.sessiondata.server.store.redis.RedisMemoryHealthIndicator;
import dev.sessiondata.server.store.redis.RedisSchemaStore;
import dev.sessiondata.server.store.redis.RedisSessionStatistics;
import dev.sessiondata.server.store.redis.RedisSessionStore;
import dev.sessiondata.server.session.SessionProperties;
import io.lettuce.core.ClientOptions;
import io.micrometer.core.instrument.Counter;
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

/**
 * The Redis store: {@code sessiondata.store.type=redis}. The connection (standalone, sentinel or cluster) is
 * Spring Boot's, from {@code spring.data.redis.*}: the stores use its factory's one shared native Lettuce connection
 * (Boot maps every connection setting onto it, so no second mapping of ours can drift from its).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sessiondata.store.type", havingValue = "redis")
public class RedisStoreConfiguration {

    private static final String NAME = "redis";

    /**
     * Reads whose slide Redis refused for want of memory, answered with the expiry the session had:
     * {@code sessiondata.store.slide.refused}.
     */
    @Bean
    SessionStore sessionStore(LettuceConnectionFactory connections, StoreProperties properties, Clock clock,
            MeterRegistry registry) {
        Counter refused = Counter.builder("sessiondata.store.slide.refused")
                .description("Reads whose expiry slide the store refused for want of memory; the session was answered")
                .tag("store", NAME)
                .register(registry);
        var store = new RedisSessionStore(connections, properties.redis().keyPrefix(), clock,
                properties.redis().slideResolution(), refused::increment);
        return new MeteredSessionStore(store, NAME, registry);
    }

    @Bean
    SessionStoreStatistics sessionStoreStatistics(LettuceConnectionFactory connections, StoreProperties properties) {
        return new RedisSessionStatistics(connections, properties.redis().keyPrefix(), properties.redis().countSample());
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
