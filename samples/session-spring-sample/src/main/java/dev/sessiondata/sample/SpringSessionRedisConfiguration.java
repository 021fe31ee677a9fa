package dev.sessiondata.sample;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.session.data.redis.config.annotation.web.http.EnableRedisHttpSession;

/**
 * The shop as it would run without the service: Spring Session Data Redis with its defaults (a
 * {@code RedisSessionRepository} whose attributes are Java-serialized by {@code JdkSerializationRedisSerializer}) on
 * the Redis of {@code spring.data.redis.*}. Active only under the {@code spring-session-redis} profile, which also
 * turns the starter off (application-spring-session-redis.properties): it is the baseline the Spring Session
 * comparison (docs/spring-session/) measures the starter against, the same application and requests.
 */
@Configuration(proxyBeanMethods = false)
@Profile(SpringSessionRedisConfiguration.PROFILE)
@EnableRedisHttpSession
class SpringSessionRedisConfiguration {

    static final String PROFILE = "spring-session-redis";
}
