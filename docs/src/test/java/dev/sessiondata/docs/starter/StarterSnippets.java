package dev.sessiondata.docs.starter;

import dev.sessiondata.spring.boot.SessionClientBuilderCustomizer;
import java.net.http.HttpClient;
import java.time.Duration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Spring Boot starter's Java samples of the manual, between {@code tag::} markers that the pages include; the
 * properties samples are in {@code snippets/starter/application.properties}, which {@code StarterSnippetsTest}
 * binds.
 */
final class StarterSnippets {

    private StarterSnippets() {
    }

    // tag::customizer[]
    @Configuration
    static class SessionClientConfiguration {

        /** Applied after the sessiondata.client.* properties, before the client is built. */
        @Bean
        SessionClientBuilderCustomizer sessionDataHttpClient() {
            return builder -> builder.httpClient(HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(2))
                    .build());
        }
    }
    // end::customizer[]
}
