package dev.sessiondata.client;

import dev.sessiondata.client.metrics.ClientMetrics;
import dev.sessiondata.serializer.SerializerSettings;
import java.net.URI;
import java.time.Duration;

/** Everything a {@link SessionClient} is made of, validated by {@link SessionClientBuilder#build()}. */
record ClientConfig(URI baseUri, String token, Exchange exchange, Duration requestTimeout, ClientMetrics metrics,
                    SerializerSet serializers, SerializerSettings settings, boolean schemaExchange,
                    UpdatePolicy updatePolicy) {
}
