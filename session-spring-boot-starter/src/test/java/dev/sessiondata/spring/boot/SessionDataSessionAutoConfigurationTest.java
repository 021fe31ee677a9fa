package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.spring.SessionDataSessionRepository;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import dev.sessiondata.spring.SessionDataSession;
import org.junit.jupiter.api.Test;
import org.springframework.core.ResolvableType;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.session.autoconfigure.SessionAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;
import org.springframework.session.web.http.HeaderHttpSessionIdResolver;
import org.springframework.session.web.http.HttpSessionIdResolver;
import org.springframework.session.web.http.SessionRepositoryFilter;

/** Which beans the auto-configuration makes, and when; none of it talks to a service (building does no I/O). */
class SessionDataSessionAutoConfigurationTest {

    private final WebApplicationContextRunner web = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SessionDataSessionAutoConfiguration.class,
                    SessionAutoConfiguration.class));

    private final WebApplicationContextRunner configured = web.withPropertyValues(
            "sessiondata.client.base-uri=http://127.0.0.1:1", "sessiondata.client.token=starter-test-token");

    @Test
    void withoutABaseUriNothingIsConfigured() {
        web.withPropertyValues("sessiondata.client.token=starter-test-token").run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).doesNotHaveBean(SessionClient.class);
            assertThat(context).doesNotHaveBean(SessionRepositoryFilter.class);
        });
    }

    @Test
    void aBaseUriMakesTheClientTheRepositoryAndTheFilter() {
        configured.run(context -> {
            assertThat(context).hasSingleBean(SessionClient.class);
            assertThat(context).hasSingleBean(SessionDataSessionRepository.class);
            // what Spring Security's SpringSessionBackedSessionRegistry is built with
            assertThat(context.getBeanProvider(ResolvableType.forClassWithGenerics(
                    FindByIndexNameSessionRepository.class, SessionDataSession.class)).getIfUnique()).isNotNull();
            assertThat(context).hasSingleBean(SessionRepositoryFilter.class);
            assertThat(context).hasSingleBean(SessionDataHealthIndicator.class);
            assertThat(context).hasBean("sessionDataClientMeters");
            assertThat(context.getBean(CookieSerializer.class)).isInstanceOf(DefaultCookieSerializer.class);
        });
    }

    /** The near cache's gauges show whether the client was built with one; building it connects nothing. */
    @Test
    void theNearCacheIsOnByDefaultAndAPropertyTurnsItOff() {
        WebApplicationContextRunner metered = configured.withBean(MeterRegistry.class, SimpleMeterRegistry::new);
        metered.run(context -> {
            assertThat(context.getBean(MeterRegistry.class).find("sessiondata.client.nearcache.entries").gauge())
                    .isNotNull();
            assertThat(context).hasSingleBean(SessionVersionCookie.class);
        });
        metered.withPropertyValues("sessiondata.client.near-cache.enabled=false").run(context -> {
            assertThat(context.getBean(MeterRegistry.class).find("sessiondata.client.nearcache.entries").gauge())
                    .isNull();
            assertThat(context).as("the cookie hands the version on to other applications' caches")
                    .hasSingleBean(SessionVersionCookie.class);
        });
        metered.withPropertyValues("sessiondata.client.near-cache.version-cookie=false").run(context ->
                assertThat(context).doesNotHaveBean(SessionVersionCookie.class));
        metered.withPropertyValues("sessiondata.client.near-cache.max-bytes=0").run(context ->
                assertThat(context).getFailure().rootCause().hasMessageContaining("maxBytes must be positive"));
    }

    @Test
    void theHealthIsDownWhenTheServiceDoesNotAnswer() {
        configured.run(context -> assertThat(context.getBean(SessionDataHealthIndicator.class).health().getStatus())
                .isEqualTo(Status.DOWN));
    }

    @Test
    void aNonWebApplicationGetsNothing() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SessionDataSessionAutoConfiguration.class))
                .withPropertyValues("sessiondata.client.base-uri=http://127.0.0.1:1",
                        "sessiondata.client.token=starter-test-token")
                .run(context -> assertThat(context).doesNotHaveBean(SessionClient.class));
    }

    @Test
    void aMissingTokenFailsTheStartupNamingTheProperty() {
        web.withPropertyValues("sessiondata.client.base-uri=http://127.0.0.1:1").run(context ->
                assertThat(context).getFailure().rootCause().hasMessageContaining("sessiondata.client.token"));
    }

    @Test
    void theSessionTimeoutIsSpringSessionsElseTheServletContainers() {
        configured.withPropertyValues("spring.session.timeout=7m").run(context -> assertThat(
                context.getBean(SessionDataSessionRepository.class).createSession().getMaxInactiveInterval())
                .isEqualTo(Duration.ofMinutes(7)));
        configured.withPropertyValues("server.servlet.session.timeout=9m").run(context -> assertThat(
                context.getBean(SessionDataSessionRepository.class).createSession().getMaxInactiveInterval())
                .isEqualTo(Duration.ofMinutes(9)));
        configured.run(context -> assertThat(
                context.getBean(SessionDataSessionRepository.class).createSession().getMaxInactiveInterval())
                .isEqualTo(Duration.ofMinutes(30)));
    }

    /**
     * {@code spring.session.timeout=0} (Spring Session's "expire at once"): the application starts, and a request
     * that makes a session passes the filter with nothing written. The service at the base URI does not answer, so
     * any write or delete the save sent would throw: that the request completes shows the session was never sent.
     */
    @Test
    void aZeroSessionTimeoutStartsAndNeverStoresASession() {
        configured.withPropertyValues("spring.session.timeout=0").run(context -> {
            assertThat(context).hasNotFailed();
            SessionDataSessionRepository repository = context.getBean(SessionDataSessionRepository.class);
            SessionDataSession created = repository.createSession();
            assertThat(created.getMaxInactiveInterval()).isEqualTo(Duration.ZERO);
            assertThat(created.isExpired()).isTrue();
            repository.save(created);

            MockHttpServletRequest request = new MockHttpServletRequest("POST", "/cart");
            MockHttpServletResponse response = new MockHttpServletResponse();
            context.getBean(SessionRepositoryFilter.class).doFilter(request, response,
                    (req, res) -> ((HttpServletRequest) req).getSession().setAttribute("item", "book"));

            assertThat(response.getStatus()).isEqualTo(200);
        });
    }

    @Test
    void theApplicationsSessionIdResolverAndCookieSerializerAreKept() {
        configured.withUserConfiguration(OwnSessionIds.class).run(context -> {
            assertThat(context.getBean(HttpSessionIdResolver.class)).isSameAs(OwnSessionIds.RESOLVER);
            assertThat(context.getBean(CookieSerializer.class)).isSameAs(OwnSessionIds.COOKIES);
            assertThat(context).hasSingleBean(SessionRepositoryFilter.class);
        });
    }

    @Test
    void registerClassesThatDoNotLoadFailTheStartupNamingTheClass() {
        configured.withPropertyValues("sessiondata.client.register-classes=com.example.Missing").run(context ->
                assertThat(context).getFailure().rootCause().hasMessageContaining("com.example.Missing"));
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnSessionIds {

        static final HttpSessionIdResolver RESOLVER = HeaderHttpSessionIdResolver.xAuthToken();
        static final CookieSerializer COOKIES = new DefaultCookieSerializer();

        @Bean
        HttpSessionIdResolver httpSessionIdResolver() {
            return RESOLVER;
        }

        @Bean
        CookieSerializer cookieSerializer() {
            return COOKIES;
        }
    }
}
