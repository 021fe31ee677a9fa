package dev.sessiondata.spring.boot;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionClientBuilder;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.spring.SessionDataSessionRepository;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.session.SessionAutoConfiguration;
import org.springframework.boot.autoconfigure.session.SessionProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.session.SessionRepository;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;
import org.springframework.session.web.http.SessionRepositoryFilter;
import org.springframework.util.ClassUtils;

/**
 * The Spring Boot 3.5 twin of session-spring-boot-starter's auto-configuration: the same beans and conditions, on
 * the packages Boot 3.5 keeps session support and Actuator's health in.
 * <p>
 * Keeps a servlet application's HttpSessions in the session-data service once {@code sessiondata.client.base-uri}
 * is set: a {@link SessionClient} from {@code sessiondata.client.*}, a {@link SessionDataSessionRepository} on it
 * (a {@code FindByIndexNameSessionRepository}, so that Spring Security's {@code SpringSessionBackedSessionRegistry}
 * takes it for concurrent-session control) and Spring Session's {@link SessionRepositoryFilter}. Spring Boot's session support still makes the
 * {@code SESSION} cookie from {@code server.servlet.session.cookie.*} and registers the filter; a
 * {@code CookieSerializer} or {@code HttpSessionIdResolver} bean of the application replaces Boot's. The session
 * timeout is {@code spring.session.timeout}, else {@code server.servlet.session.timeout}, else 30 minutes. Each bean
 * here steps aside for one of the application's own.
 */
@AutoConfiguration(before = SessionAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({SessionClient.class, SessionRepositoryFilter.class})
@ConditionalOnProperty(prefix = "sessiondata.client", name = "base-uri")
@EnableConfigurationProperties({SessionDataClientProperties.class, SessionProperties.class})
@EnableSpringHttpSession
public class SessionDataSessionAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    SerializerSettings sessionDataSerializerSettings(SessionDataClientProperties properties) {
        return SerializerSettings.builder()
                .allowPackages(properties.getAllowPackages())
                .allowClassNames(properties.getAllowClasses())
                .maxPayloadBytes(Math.toIntExact(properties.getMaxSessionSize().toBytes()))
                .build();
    }

    @Bean
    @ConditionalOnMissingBean
    SessionClient sessionDataClient(SessionDataClientProperties properties, SerializerSettings settings,
                                    ObjectProvider<SessionClientBuilderCustomizer> customizers) {
        String token = MissingTokenException.requireToken(properties.getToken());
        SessionClientBuilder builder = SessionClient.builder()
                .baseUri(Objects.requireNonNull(properties.getBaseUri(), "sessiondata.client.base-uri"))
                .token(token)
                .serializerSettings(settings)
                .requestTimeout(properties.getTimeout())
                .connectTimeout(properties.getConnectTimeout())
                .schemaExchange(properties.isSchemaExchange())
                .schemaCheckInterval(properties.getSchemaCheckInterval())
                .updateAttempts(properties.getUpdateAttempts());
        for (String name : properties.getRegisterClasses()) {
            builder.registerClasses(load(name));
        }
        if (!properties.getSerializers().isEmpty()) {
            builder.enabledSerializers(properties.getSerializers().toArray(String[]::new));
        }
        customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
        SessionClient client = builder.build();
        return properties.isConnectOnStartup() ? client.connect() : client;
    }

    @Bean
    StartupHandshake sessionDataStartupHandshake(SessionClient client) {
        return new StartupHandshake(client);
    }

    @Bean
    @ConditionalOnMissingBean(SessionRepository.class)
    SessionDataSessionRepository sessionRepository(SessionClient client, SerializerSettings settings,
                                                   SessionDataClientProperties properties,
                                                   SessionProperties sessionProperties, Environment environment) {
        SessionDataSessionRepository repository = new SessionDataSessionRepository(client, settings);
        Duration timeout = sessionProperties.determineTimeout(() -> Binder.get(environment)
                .bind("server.servlet.session.timeout", Duration.class).orElse(null));
        repository.setDefaultMaxInactiveInterval(Optional.ofNullable(timeout)
                .orElse(SessionDataSessionRepository.DEFAULT_MAX_INACTIVE_INTERVAL));
        repository.setSaveMode(properties.getSession().getSaveMode());
        repository.setFlushMode(properties.getSession().getFlushMode());
        repository.setTouchOnRead(properties.getSession().isTouchOnRead());
        return repository;
    }

    private static Class<?> load(String className) {
        try {
            return ClassUtils.forName(className, ClassUtils.getDefaultClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("sessiondata.client.register-classes names " + className
                    + ", which this application cannot load", e);
        }
    }

    /** The client's meters on the application's registry, when it has Micrometer. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    static class MetricsConfiguration {

        @Bean
        SessionClientBuilderCustomizer sessionDataClientMeters(ObjectProvider<MeterRegistry> registry) {
            return builder -> registry.ifAvailable(builder::meterRegistry);
        }
    }

    /** The service's health among the application's, when it has Actuator's health support. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    @ConditionalOnEnabledHealthIndicator("sessiondata")
    static class HealthConfiguration {

        @Bean
        @ConditionalOnMissingBean(name = "sessionDataHealthIndicator")
        SessionDataHealthIndicator sessionDataHealthIndicator(SessionClient client) {
            return new SessionDataHealthIndicator(client);
        }
    }
}
