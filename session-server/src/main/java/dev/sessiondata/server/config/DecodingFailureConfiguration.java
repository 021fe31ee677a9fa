package dev.sessiondata.server.config;

import dev.sessiondata.server.http.DecodingFailureProblems;
import dev.sessiondata.server.http.ProblemDocuments;
import dev.sessiondata.server.metrics.ServerMetrics;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Problem documents for the requests Reactor Netty refuses while parsing them, before the pipeline runs. */
@Configuration(proxyBeanMethods = false)
public class DecodingFailureConfiguration {

    @Bean
    NettyServerCustomizer decodingFailureProblems(ProblemDocuments problems, ServerMetrics metrics) {
        return new DecodingFailureProblems(problems, metrics::rejected).customizer();
    }
}
