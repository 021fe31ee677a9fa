package dev.sessiondata.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.spring.Base64WebSessionIdResolver;
import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.spring.SessionDataSessionRepository;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.session.SessionAutoConfiguration;
import org.springframework.boot.autoconfigure.web.reactive.WebFluxAutoConfiguration;
import org.springframework.boot.autoconfigure.web.reactive.WebSessionIdResolverAutoConfiguration;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.session.web.server.session.SpringSessionWebSessionStore;
import org.springframework.web.server.session.DefaultWebSessionManager;
import org.springframework.web.server.session.WebSessionManager;

/** On a Boot 3.5 WebFlux application the starter makes the reactive repository and Spring Session's manager. */
class Boot3ReactiveSessionAutoConfigurationTest {

    @Test
    void aReactiveApplicationGetsTheReactiveRepositoryBehindSpringSessionsWebSessionManager() {
        new ReactiveWebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(SessionDataSessionAutoConfiguration.class,
                        SessionAutoConfiguration.class, WebFluxAutoConfiguration.class,
                        WebSessionIdResolverAutoConfiguration.class))
                .withPropertyValues("sessiondata.client.base-uri=http://127.0.0.1:1",
                        "sessiondata.client.token=starter-test-token")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).hasSingleBean(SessionDataReactiveSessionRepository.class);
                    assertThat(context).doesNotHaveBean(SessionDataSessionRepository.class);
                    assertThat(context).hasSingleBean(SessionVersionWebFilter.class);
                    assertThat(context.getBean(WebSessionManager.class)).isInstanceOfSatisfying(
                            DefaultWebSessionManager.class, sessions -> {
                                assertThat(sessions.getSessionStore())
                                        .isInstanceOf(SpringSessionWebSessionStore.class);
                                assertThat(sessions.getSessionIdResolver())
                                        .isInstanceOf(Base64WebSessionIdResolver.class);
                            });
                });
    }
}
