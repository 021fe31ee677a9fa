package dev.sessiondata.server.config;

import dev.sessiondata.server.changes.ChangeFeed;
import dev.sessiondata.server.changes.ChangeFeedProperties;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.store.SessionChanges;
import dev.sessiondata.server.changes.ChangesRoute;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The change feed over the configured store's {@link SessionChanges}, and its route. */
@Configuration(proxyBeanMethods = false)
public class ChangeFeedConfiguration {

    @Bean(destroyMethod = "close")
    ChangeFeed changeFeed(SessionChanges changes, ChangeFeedProperties properties, Clock clock, MeterRegistry registry) {
        return new ChangeFeed(changes, properties, clock, registry);
    }

    /**
     * Ends the feed's streams as the server begins to stop, before the web server's graceful shutdown waits for the
     * requests in progress (a later phase stops first): a stream never ends by itself, so the shutdown would wait its
     * whole timeout and then cut them. Their clients resume from their positions, on another instance.
     */
    @Bean
    SmartLifecycle changeFeedStreamsEnd(ChangeFeed feed) {
        return new SmartLifecycle() {

            private volatile boolean running;

            @Override
            public void start() {
                running = true;
            }

            @Override
            public void stop() {
                feed.close();
                running = false;
            }

            @Override
            public boolean isRunning() {
                return running;
            }
        };
    }

    @Bean
    ChangesRoute changesRoute(ChangeFeed feed, TokenRegistry tokens) {
        return new ChangesRoute(feed, tokens);
    }
}
