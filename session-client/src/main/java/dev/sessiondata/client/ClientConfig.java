package dev.sessiondata.client;

import dev.sessiondata.client.metrics.ClientMetrics;
import dev.sessiondata.client.onenio.DescriptorRepository;
import dev.sessiondata.serializer.SerializerSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Everything a {@link SessionClient} is made of, validated by {@link SessionClientBuilder#build()}. */
record ClientConfig(URI baseUri, String token, HttpClient httpClient, Duration requestTimeout, ClientMetrics metrics,
                    Set<String> enabledSerializers, SerializerSettings settings,
                    @Nullable DescriptorRepository descriptorRepository, boolean descriptorExchange,
                    UpdatePolicy updatePolicy) {
}
