package dev.sessiondata.server.http;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The bounds on every HTTP connection of the server ({@link ConnectionProperties}). */
@Configuration(proxyBeanMethods = false)
public class ConnectionConfiguration {

    @Bean
    NettyServerCustomizer connectionBounds(ConnectionProperties properties, MeterRegistry registry) {
        return new ConnectionBounds(properties, registry);
    }
}
