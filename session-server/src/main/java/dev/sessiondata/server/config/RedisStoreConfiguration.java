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
import java.time.Clock;
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
     * While Redis is away, refuse commands at once instead of queueing them until the timeout: requests get a
     * {@code 503} right away, and nothing queued runs late after Redis returns. Lettuce still reconnects.
     */
    @Bean
    LettuceClientOptionsBuilderCustomizer rejectCommandsWhileDisconnected() {
        return options -> options.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
    }
}
