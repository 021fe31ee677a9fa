package dev.sessiondata.server.config;

import dev.sessiondata.server.changes.ChangeFeed;
import dev.sessiondata.server.changes.ChangeFeedProperties;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.store.SessionChanges;
import dev.sessiondata.server.changes.ChangesRoute;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The change feed over the configured store's {@link SessionChanges}, and its route. */
@Configuration(proxyBeanMethods = false)
public class ChangeFeedConfiguration {

    @Bean(destroyMethod = "close")
    ChangeFeed changeFeed(SessionChanges changes, ChangeFeedProperties properties, Clock clock, MeterRegistry registry) {
        return new ChangeFeed(changes, properties, clock, registry);
    }

    @Bean
    ChangesRoute changesRoute(ChangeFeed feed, TokenRegistry tokens) {
        return new ChangesRoute(feed, tokens);
    }
}
