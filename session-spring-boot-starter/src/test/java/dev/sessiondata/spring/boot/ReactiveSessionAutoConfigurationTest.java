package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.spring.Base64WebSessionIdResolver;
import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.spring.SessionDataSessionRepository;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.session.autoconfigure.SessionAutoConfiguration;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.WebSessionIdResolverAutoConfiguration;
import org.springframework.session.web.server.session.SpringSessionWebSessionStore;
import org.springframework.web.server.session.DefaultWebSessionManager;
import org.springframework.web.server.session.WebSessionIdResolver;
import org.springframework.web.server.session.WebSessionManager;

/** On a WebFlux application the starter makes the reactive repository and Spring Session's WebSessionManager. */
class ReactiveSessionAutoConfigurationTest {

    private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(SessionDataSessionAutoConfiguration.class,
                    SessionAutoConfiguration.class, WebFluxAutoConfiguration.class,
                    WebSessionIdResolverAutoConfiguration.class))
            .withPropertyValues("sessiondata.client.base-uri=http://127.0.0.1:1",
                    "sessiondata.client.token=starter-test-token");

    @Test
    void aReactiveApplicationGetsTheReactiveRepositoryBehindSpringSessionsWebSessionManager() {
        reactive.run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).hasSingleBean(SessionClient.class);
            assertThat(context).hasSingleBean(SessionDataReactiveSessionRepository.class);
            assertThat(context).doesNotHaveBean(SessionDataSessionRepository.class);
            WebSessionManager manager = context.getBean(WebSessionManager.class);
            assertThat(manager).isInstanceOfSatisfying(DefaultWebSessionManager.class, sessions -> {
                assertThat(sessions.getSessionStore()).isInstanceOf(SpringSessionWebSessionStore.class);
                assertThat(sessions.getSessionIdResolver()).isInstanceOf(Base64WebSessionIdResolver.class);
            });
        });
    }

    @Test
    void theVersionCookieIsAWebFilterThatAPropertyTurnsOff() {
        reactive.run(context -> assertThat(context).hasSingleBean(SessionVersionWebFilter.class));
        reactive.withPropertyValues("sessiondata.client.near-cache.version-cookie=false").run(context ->
                assertThat(context).doesNotHaveBean(SessionVersionWebFilter.class));
    }

    @Test
    void theCookieKeepsWebFluxsOwnFormWhenBase64IsSwitchedOff() {
        reactive.withPropertyValues("sessiondata.client.session.reactive-cookie-base64=false").run(context ->
                assertThat(context.getBean(WebSessionIdResolver.class))
                        .isNotInstanceOf(Base64WebSessionIdResolver.class));
    }

    @Test
    void theSessionTimeoutIsSpringSessionsElseTheReactiveServers() {
        reactive.withPropertyValues("server.reactive.session.timeout=9m").run(context -> assertThat(
                context.getBean(SessionDataReactiveSessionRepository.class).createSession().block()
                        .getMaxInactiveInterval()).isEqualTo(Duration.ofMinutes(9)));
    }
}
