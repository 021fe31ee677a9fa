package dev.sessiondata.server.config;

import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.web.DecodingFailureProblems;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/** Problem documents for the requests Reactor Netty refuses while parsing them, before any web filter runs. */
@Configuration(proxyBeanMethods = false)
public class DecodingFailureConfiguration {

    @Bean
    NettyServerCustomizer decodingFailureProblems(ServerMetrics metrics, JsonMapper json) {
        return new DecodingFailureProblems(metrics, json).customizer();
    }
}
