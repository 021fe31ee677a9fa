package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.testsupport.RedisTarget;
import dev.sessiondata.testsupport.TestServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An operator switches the serializer: the server restarts on the same Redis with another active one and accepts
 * only that. The running client's next write uses the new serializer, and what it wrote before still reads.
 */
class LiveSwitchIT {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aRunningClientWritesWithTheNewActiveSerializerAndStillReadsTheOldSessions() throws Exception {
        RedisTarget.onRedis(LiveSwitchIT.class, this::switchServers);
    }

    private void switchServers(String[] redis) throws Exception {
        Cart cart = new Cart("ada", Instant.parse("2026-11-22T04:00:00Z")).with("book", "12.50");
        SessionClient client;
        int port;
        try (TestServer before = TestServer.start(with(redis, "sessiondata.serializer.active=java"))) {
            port = before.port();
            client = SessionClient.builder().baseUri(before.baseUri()).token(TestServer.TOKEN)
                    .serializerSettings(SerializerSettings.builder().allowPackages(Cart.class.getPackageName()).build())
                    .registerClasses(Cart.class)
                    .build();
            client.put("written-before", cart);
            assertThat(contentType(before.baseUri(), "written-before")).isEqualTo("application/vnd.sessiondata.java");
        }

        try (TestServer after = TestServer.start(with(redis, "server.port=" + port,
                "sessiondata.serializer.active=one-nio", "sessiondata.serializer.accepted=one-nio"))) {
            client.put("written-after", cart.with("pen", "2.00"));

            assertThat(client.fetchActiveSerializer()).isEqualTo(KnownSerializers.ONE_NIO);
            assertThat(contentType(after.baseUri(), "written-after")).isEqualTo("application/vnd.sessiondata.one-nio");
            assertThat(contentType(after.baseUri(), "written-before")).isEqualTo("application/vnd.sessiondata.java");
            assertThat(client.get("written-before", Cart.class).orElseThrow().value()).isEqualTo(cart);
            assertThat(client.get("written-after", Cart.class).orElseThrow().value())
                    .isEqualTo(cart.with("pen", "2.00"));
        }
    }

    private static String[] with(String[] properties, String... more) {
        return Stream.concat(Stream.of(properties), Stream.of(more)).toArray(String[]::new);
    }

    private String contentType(URI baseUri, String id) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(baseUri.resolve("/api/v1/sessions/" + id))
                .header("Authorization", "Bearer " + TestServer.TOKEN).build();
        HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.headers().firstValue("Content-Type").orElseThrow();
    }
}
