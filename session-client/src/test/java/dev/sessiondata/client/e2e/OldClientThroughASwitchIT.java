package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.client.SerializerNotEnabledException;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionClientBuilder;
import dev.sessiondata.client.UnsupportedSerializerException;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.testsupport.RedisTarget;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The migration runbook with two client versions: an old application that has only {@code one-nio} (its
 * {@code enabledSerializers} stands for a class path without {@code serializer-kryo}) and a new one that has kryo. The
 * server restarts on the same Redis three times: one-nio active; kryo active with one-nio still accepted (the
 * migration window); kryo only (the window closed). The old client keeps reading and writing through the window, a
 * restarted old client connects in it, and once the window closes its writes are the service's 415 while its old
 * sessions still read. Counting sessions and writes per serializer on the server is not part of this test (nor of
 * the client); the client's own fallback counter is.
 */
class OldClientThroughASwitchIT {

    private static final String ACCEPTED = "sessiondata.serializer.accepted=";

    private final HttpClient http = HttpClient.newHttpClient();
    private final Cart cart = new Cart("ada", Instant.parse("2026-11-22T04:00:00Z")).with("book", "12.50");

    @Test
    void anOldClientReadsAndWritesThroughTheWindowAndOnlyItsWritesAreRefusedOnceItCloses() throws Exception {
        RedisTarget.onRedis(OldClientThroughASwitchIT.class, this::migrate);
    }

    private void migrate(String[] redis) throws Exception {
        SimpleMeterRegistry oldMeters = new SimpleMeterRegistry();
        SessionClient old;
        int port;
        try (TestServer before = TestServer.start(with(redis, "sessiondata.serializer.active=one-nio"))) {
            port = before.port();
            old = oldClient(before.baseUri()).meterRegistry(oldMeters).build();
            old.put("old-1", cart);
            assertThat(contentType(before.baseUri(), "old-1")).endsWith(".one-nio");
        }

        SessionClient fresh;
        try (TestServer window = TestServer.start(with(redis, "server.port=" + port,
                "sessiondata.serializer.active=kryo", ACCEPTED + "one-nio,kryo"))) {
            old.put("old-2", cart.with("pen", "2.00"));
            Cart updated = old.update("old-1", Cart.class, value -> value.with("ink", "7.25"));

            assertThat(old.fetchActiveSerializer()).isEqualTo(KnownSerializers.KRYO);
            assertThat(old.fetchWriteSerializer()).isEqualTo(KnownSerializers.ONE_NIO);
            assertThat(contentType(window.baseUri(), "old-2")).endsWith(".one-nio");
            assertThat(contentType(window.baseUri(), "old-1")).endsWith(".one-nio");
            assertThat(old.get("old-1", Cart.class).orElseThrow().value()).isEqualTo(updated);
            // the put went out before the client heard of the switch (the answer told it); the update was a fallback
            assertThat(oldMeters.get("sessiondata.client.fallback.writes").tag("active", "kryo")
                    .tag("serializer", "one-nio").counter().count()).isEqualTo(1.0);

            SessionClient current = newClient(window.baseUri());
            current.put("new-1", cart.with("cup", "4.00"));
            assertThat(contentType(window.baseUri(), "new-1")).endsWith(".kryo");
            assertThat(current.get("old-2", Cart.class).orElseThrow().value()).isEqualTo(cart.with("pen", "2.00"));
            assertThatThrownBy(() -> old.get("new-1", Cart.class))
                    .isInstanceOfSatisfying(SerializerNotEnabledException.class,
                            e -> assertThat(e.artifactId()).contains("serializer-kryo"));

            fresh = oldClient(window.baseUri()).build().connect();
            assertThat(fresh.fetchWriteSerializer()).isEqualTo(KnownSerializers.ONE_NIO);
            fresh.put("old-3", cart);
            assertThat(fresh.get("old-3", Cart.class).orElseThrow().value()).isEqualTo(cart);
        }

        try (TestServer closed = TestServer.start(with(redis, "server.port=" + port,
                "sessiondata.serializer.active=kryo", ACCEPTED + "kryo"))) {
            assertThatThrownBy(() -> old.put("old-4", cart))
                    .isInstanceOfSatisfying(UnsupportedSerializerException.class,
                            e -> assertThat(e.accepted()).containsExactly(KnownSerializers.KRYO));
            assertThat(old.get("old-2", Cart.class).orElseThrow().value()).isEqualTo(cart.with("pen", "2.00"));
            assertThat(fresh.get("old-3", Cart.class)).isPresent();
            assertThatThrownBy(() -> oldClient(closed.baseUri()).build().connect())
                    .isInstanceOf(SerializerNotEnabledException.class)
                    .hasMessageContaining("accepts none of this client's serializers (accepted: [kryo])");

            SessionClient current = newClient(closed.baseUri());
            current.update("old-2", Cart.class, value -> value.with("cup", "4.00"));
            assertThat(contentType(closed.baseUri(), "old-2")).endsWith(".kryo");
        }
    }

    private static SessionClientBuilder oldClient(URI baseUri) {
        return builder(baseUri).enabledSerializers(KnownSerializers.ONE_NIO);
    }

    private static SessionClient newClient(URI baseUri) {
        return builder(baseUri).enabledSerializers(KnownSerializers.KRYO, KnownSerializers.ONE_NIO).build();
    }

    private static SessionClientBuilder builder(URI baseUri) {
        return SessionClient.builder().baseUri(baseUri).token(TestServer.TOKEN)
                .serializerSettings(SerializerSettings.builder().allowPackages(Cart.class.getPackageName()).build())
                .registerClasses(Cart.class);
    }

    private static String[] with(String[] properties, String... more) {
        return Stream.concat(Stream.of(properties), Stream.of(more)).toArray(String[]::new);
    }

    private String contentType(URI baseUri, String id) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(baseUri.resolve("/api/v1/sessions/" + id))
                .header("Authorization", "Bearer " + TestServer.TOKEN).method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build();
        HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.headers().firstValue("Content-Type").orElseThrow();
    }
}
