package dev.sessiondata.spring.boot;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionClientBuilder;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.spring.Base64WebSessionIdResolver;
import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.spring.SessionDataSessionRepository;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.session.autoconfigure.SessionAutoConfiguration;
import org.springframework.boot.session.autoconfigure.SessionProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.session.ReactiveSessionRepository;
import org.springframework.session.SessionRepository;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;
import org.springframework.session.config.annotation.web.server.EnableSpringWebSession;
import org.springframework.session.web.http.SessionRepositoryFilter;
import org.springframework.util.ClassUtils;
import org.springframework.web.server.session.CookieWebSessionIdResolver;
import org.springframework.web.server.session.WebSessionManager;
import reactor.core.publisher.Mono;

/**
 * Keeps a web application's sessions in the session-data service once {@code sessiondata.client.base-uri} is set: a
 * {@link SessionClient} from {@code sessiondata.client.*}, and on it, in a servlet application, a
 * {@link SessionDataSessionRepository} (a {@code FindByIndexNameSessionRepository}, so that Spring Security's
 * {@code SpringSessionBackedSessionRegistry} takes it for concurrent-session control) and Spring Session's
 * {@link SessionRepositoryFilter}; in a WebFlux one, a
 * {@link SessionDataReactiveSessionRepository} and Spring Session's {@code WebSessionManager}
 * ({@code @EnableSpringWebSession}), whose {@code SESSION} cookie ({@code server.reactive.session.cookie.*}) carries
 * the id in Base64 as the servlet one does, so that the two kinds share sessions. Spring Boot's session support
 * still makes the servlet {@code SESSION} cookie from {@code server.servlet.session.cookie.*} and registers the
 * filter; a {@code CookieSerializer} or {@code HttpSessionIdResolver} bean of the application replaces Boot's. The
 * session timeout is {@code spring.session.timeout}, else {@code server.servlet.session.timeout} (or
 * {@code server.reactive.session.timeout}), else 30 minutes. Each bean here steps aside for one of the
 * application's own. With {@code sessiondata.client.events.enabled}, Spring Session's session events too
 * ({@link SessionEventsConfiguration}).
 */
@AutoConfiguration(before = SessionAutoConfiguration.class,
        beforeName = "org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration")
@ConditionalOnWebApplication
@ConditionalOnClass(SessionClient.class)
@ConditionalOnProperty(prefix = "sessiondata.client", name = "base-uri")
@EnableConfigurationProperties({SessionDataClientProperties.class, SessionProperties.class})
@Import(SessionEventsConfiguration.class)
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
                .updateAttempts(properties.getUpdateAttempts())
                .requireReprDigest(properties.isRequireReprDigest());
        if (properties.getNearCache().isEnabled()) {
            builder.nearCache(properties.getNearCache().getMaxBytes().toBytes())
                    .nearCacheTouchResolution(properties.getNearCache().getTouchResolution());
        }
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

    /** The version of the user's session beside its id, for the near caches of this and other applications. */
    @Bean
    @ConditionalOnProperty(name = "sessiondata.client.near-cache.version-cookie", matchIfMissing = true)
    SessionVersionCookie sessionDataVersionCookie() {
        return new SessionVersionCookie();
    }

    @Bean
    StartupHandshake sessionDataStartupHandshake(SessionClient client) {
        return new StartupHandshake(client);
    }

    /** The HttpSession of a servlet application, through Spring Session's filter. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(SessionRepositoryFilter.class)
    @EnableSpringHttpSession
    static class ServletSessionConfiguration {

        @Bean
        @ConditionalOnMissingBean(SessionRepository.class)
        SessionDataSessionRepository sessionRepository(SessionClient client, SerializerSettings settings,
                                                       SessionDataClientProperties properties,
                                                       SessionProperties sessionProperties, Environment environment,
                                                       ObjectProvider<SessionVersionCookie> versionCookie) {
            SessionDataSessionRepository repository = new SessionDataSessionRepository(client, settings);
            versionCookie.ifAvailable(repository::setVersionToken);
            repository.setDefaultMaxInactiveInterval(timeout(sessionProperties, environment, "servlet"));
            repository.setSaveMode(properties.getSession().getSaveMode());
            repository.setFlushMode(properties.getSession().getFlushMode());
            repository.setTouchOnRead(properties.getSession().isTouchOnRead());
            return repository;
        }

        /** What a request read or wrote, so that Spring Session's asking for it again after a save reads nothing. */
        @Bean
        RequestSessionsFilter sessionDataRequestSessionsFilter() {
            return new RequestSessionsFilter();
        }
    }

    /**
     * The WebSession of a WebFlux application, through Spring Session's {@code WebSessionManager}, as Spring Boot's
     * own session support configures it for a reactive store.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @ConditionalOnClass({Mono.class, WebSessionManager.class})
    @EnableSpringWebSession
    static class ReactiveSessionConfiguration {

        @Bean
        @ConditionalOnMissingBean(ReactiveSessionRepository.class)
        SessionDataReactiveSessionRepository reactiveSessionRepository(SessionClient client,
                SerializerSettings settings, SessionDataClientProperties properties,
                SessionProperties sessionProperties, Environment environment) {
            SessionDataReactiveSessionRepository repository = new SessionDataReactiveSessionRepository(client,
                    settings);
            repository.setDefaultMaxInactiveInterval(timeout(sessionProperties, environment, "reactive"));
            repository.setSaveMode(properties.getSession().getSaveMode());
            repository.setTouchOnRead(properties.getSession().isTouchOnRead());
            return repository;
        }

        /** The version of the user's session beside its id, as {@link SessionVersionCookie} for servlet ones. */
        @Bean
        @ConditionalOnProperty(name = "sessiondata.client.near-cache.version-cookie", matchIfMissing = true)
        SessionVersionWebFilter sessionDataVersionWebFilter() {
            return new SessionVersionWebFilter();
        }

        /** Boot's cookie, its id in Base64 as a servlet application's Spring Session cookie carries it. */
        @Bean
        @ConditionalOnProperty(prefix = "sessiondata.client.session", name = "reactive-cookie-base64",
                matchIfMissing = true)
        static BeanPostProcessor sessionDataBase64SessionCookie() {
            return new BeanPostProcessor() {
                @Override
                public Object postProcessAfterInitialization(Object bean, String beanName) {
                    return bean instanceof CookieWebSessionIdResolver cookies
                            ? new Base64WebSessionIdResolver(cookies) : bean;
                }
            };
        }
    }

    /** {@code spring.session.timeout}, else {@code server.<kind>.session.timeout}, else 30 minutes. */
    private static Duration timeout(SessionProperties sessionProperties, Environment environment, String kind) {
        Duration timeout = sessionProperties.determineTimeout(() -> Binder.get(environment)
                .bind("server." + kind + ".session.timeout", Duration.class).orElse(null));
        return Optional.ofNullable(timeout).orElse(SessionDataSessionRepository.DEFAULT_MAX_INACTIVE_INTERVAL);
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
