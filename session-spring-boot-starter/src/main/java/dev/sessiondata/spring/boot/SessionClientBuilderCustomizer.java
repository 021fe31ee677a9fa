package dev.sessiondata.spring.boot;

import dev.sessiondata.client.SessionClientBuilder;

/**
 * Changes the auto-configured {@link dev.sessiondata.client.SessionClient} before it is built, after the
 * {@code sessiondata.client.*} properties were applied: an {@code HttpClient} with the application's TLS, say.
 * Every such bean is applied, in their order.
 */
@FunctionalInterface
public interface SessionClientBuilderCustomizer {

    void customize(SessionClientBuilder builder);
}
