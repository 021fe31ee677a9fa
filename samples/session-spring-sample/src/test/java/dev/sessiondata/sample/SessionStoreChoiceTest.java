package dev.sessiondata.sample;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.spring.SessionDataSessionRepository;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.session.SessionRepository;
import org.springframework.session.data.redis.RedisSessionRepository;

/**
 * The shop keeps its sessions in exactly one store: the service by default, Spring Session Data Redis under the
 * {@code spring-session-redis} profile (the baseline of the Spring Session comparison), never both. Neither store is
 * reached: the service's handshake only warns at startup, and Lettuce connects on first use.
 */
class SessionStoreChoiceTest {

    @Test
    void byDefaultTheSessionsAreInTheServiceAndNothingConnectsToRedis() {
        try (ConfigurableApplicationContext shop = start("--sessiondata.client.base-uri=http://127.0.0.1:9",
                "--sessiondata.client.token=unused")) {
            assertThat(shop.getBean(SessionRepository.class)).isInstanceOf(SessionDataSessionRepository.class);
            assertThat(shop.getBeansOfType(RedisConnectionFactory.class)).isEmpty();
        }
    }

    @Test
    void theSpringSessionRedisProfileKeepsThemInRedisAndTurnsTheStarterOff() {
        try (ConfigurableApplicationContext shop = start("--spring.profiles.active=spring-session-redis",
                "--spring.data.redis.url=redis://127.0.0.1:9")) {
            assertThat(shop.getBean(SessionRepository.class)).isInstanceOf(RedisSessionRepository.class);
            assertThat(shop.getBeansOfType(SessionClient.class)).isEmpty();
            assertThat(shop.getBeansOfType(SessionDataSessionRepository.class)).isEmpty();
        }
    }

    private static ConfigurableApplicationContext start(String... arguments) {
        String[] all = new String[arguments.length + 1];
        all[0] = "--server.port=0";
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        return new SpringApplicationBuilder(ShopApplication.class).run(all);
    }
}
