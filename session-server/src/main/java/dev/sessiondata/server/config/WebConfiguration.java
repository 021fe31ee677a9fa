package dev.sessiondata.server.config;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.security.BearerTokenFilter;
import dev.sessiondata.server.security.SecurityProperties;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.web.ActiveSerializerHeaderFilter;
import dev.sessiondata.server.web.OverloadProperties;
import dev.sessiondata.server.web.SerializerPolicy;
import dev.sessiondata.server.web.SerializerProperties;
import dev.sessiondata.server.web.WriteAdmission;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.HandlerExceptionResolver;

/** The web layer's collaborators: the serializer policy, the API filters, the write admission and the server's meters. */
@Configuration(proxyBeanMethods = false)
public class WebConfiguration {

    private static final String API_PATTERN = SessionApi.BASE_PATH + "/*";

    /** Fails the startup with a message that names the property when the serializer configuration cannot work. */
    @Bean
    SerializerPolicy serializerPolicy(SerializerProperties properties) {
        return SerializerPolicy.of(properties.active(), properties.accepted(), KnownSerializers.IDS);
    }

    @Bean
    TokenRegistry tokenRegistry(SecurityProperties properties) {
        return TokenRegistry.of(properties);
    }

    @Bean
    ServerMetrics serverMetrics(MeterRegistry registry, SerializerPolicy serializers) {
        return new ServerMetrics(registry, serializers.info().accepted());
    }

    @Bean
    WriteAdmission writeAdmission(OverloadProperties properties) {
        return new WriteAdmission(properties);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    /**
     * Tomcat answers {@code Expect: 100-continue} only when the body is read: a body the API refuses by its
     * headers (a token, a serializer, a declared length) is then refused before the client sends it.
     */
    @Bean
    TomcatConnectorCustomizer continueOnRead() {
        return connector -> connector.setProperty("continueResponseTiming", "onRead");
    }

    @Bean
    FilterRegistrationBean<ActiveSerializerHeaderFilter> activeSerializerHeaderFilter(SerializerPolicy serializers) {
        var registration = new FilterRegistrationBean<>(new ActiveSerializerHeaderFilter(serializers));
        registration.addUrlPatterns(API_PATTERN);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }

    @Bean
    FilterRegistrationBean<BearerTokenFilter> bearerTokenFilter(TokenRegistry tokens,
            @Qualifier("handlerExceptionResolver") HandlerExceptionResolver problems) {
        var registration = new FilterRegistrationBean<>(new BearerTokenFilter(tokens, problems));
        registration.addUrlPatterns(API_PATTERN);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 20);
        return registration;
    }
}
