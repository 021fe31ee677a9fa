package dev.sessiondata.spring.boot;

import dev.sessiondata.client.SessionEventFeed;
import java.util.Objects;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Spring Session's events from the service's change feed, once {@code sessiondata.client.events.enabled} is true:
 * a {@link SessionEventFeed} of the application's group and a {@link SessionEventPublisher} that publishes what the
 * feed marks for this instance. Shared by the Boot 4 and Boot 3.5 auto-configurations.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "sessiondata.client.events", name = "enabled")
class SessionEventsConfiguration {

    @Bean
    SessionEventPublisher sessionDataEventPublisher(SessionDataClientProperties properties, Environment environment,
                                                    ApplicationEventPublisher events) {
        String group = properties.getEvents().getGroup();
        if (group == null || group.isBlank()) {
            group = environment.getProperty("spring.application.name");
        }
        if (group == null || group.isBlank()) {
            throw new IllegalStateException("sessiondata.client.events.enabled needs the application's group:"
                    + " set sessiondata.client.events.group or spring.application.name (the same on every instance"
                    + " of the application)");
        }
        String token = MissingTokenException.requireToken(properties.getToken());
        SessionEventPublisher publisher = new SessionEventPublisher(events);
        publisher.follow(new SessionEventFeed(Objects.requireNonNull(properties.getBaseUri(),
                "sessiondata.client.base-uri"), token, group, properties.getConnectTimeout(), publisher::publish));
        return publisher;
    }
}
