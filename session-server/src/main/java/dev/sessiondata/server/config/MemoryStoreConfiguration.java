package dev.sessiondata.server.config;

import dev.sessiondata.server.changes.ChangeFeedProperties;
import dev.sessiondata.server.metrics.MeteredSchemaStore;
import dev.sessiondata.server.metrics.MeteredSessionStore;
import dev.sessiondata.server.metrics.SessionCountGauge;
import dev.sessiondata.server.store.SchemaStore;
import dev.sessiondata.server.store.SessionIndex;
import dev.sessiondata.server.store.SessionPartitions;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.memory.MemorySchemaStore;
import dev.sessiondata.server.store.memory.MemorySessionChanges;
import dev.sessiondata.server.store.memory.MemorySessionStore;
import dev.sessiondata.server.index.IndexProperties;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The memory stores, the default: {@code sessiondata.store.type=memory} or unset. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "sessiondata.store.type", havingValue = "memory", matchIfMissing = true)
public class MemoryStoreConfiguration {

    private static final String NAME = "memory";

    /** The in-process change feed the store records into. */
    @Bean
    MemorySessionChanges sessionChanges(ChangeFeedProperties changes) {
        return new MemorySessionChanges(SessionPartitions.DEFAULT, changes.history());
    }

    /** The store itself, injected only where named: everyone else takes the metered {@link #sessionStore}. */
    @Bean(defaultCandidate = false)
    MemorySessionStore memorySessionStore(StoreProperties properties, IndexProperties indexes, Clock clock,
            MemorySessionChanges changes) {
        return new MemorySessionStore(properties.memory().maxTotalSize().toBytes(), clock, changes,
                indexes.maxSessionsPerValue());
    }

    /** The store's index view alone, so that it is no second candidate for {@link SessionStore}. */
    @Bean
    SessionIndex sessionIndex(@Qualifier("memorySessionStore") MemorySessionStore store) {
        return store::sessions;
    }

    @Bean
    SessionStore sessionStore(@Qualifier("memorySessionStore") MemorySessionStore store, MeterRegistry registry) {
        return new MeteredSessionStore(store, NAME, registry);
    }

    @Bean
    SessionStoreStatistics sessionStoreStatistics(@Qualifier("memorySessionStore") MemorySessionStore store) {
        return store.statistics();
    }

    @Bean
    SchemaStore schemaStore(MeterRegistry registry) {
        return new MeteredSchemaStore(new MemorySchemaStore(), NAME, registry);
    }

    /** Caffeine's estimated size costs nothing: every scrape reads it. */
    @Bean
    SessionCountGauge activeSessionsGauge(SessionStoreStatistics store) {
        return SessionCountGauge.onEveryScrape(store, NAME);
    }

    /** The memory store is up as long as the process is. */
    @Bean
    HealthIndicator storeHealthIndicator(SessionStoreStatistics store) {
        return () -> Health.up().withDetail("type", NAME).withDetail("sessions", store.estimatedSessionCount())
                .build();
    }
}
