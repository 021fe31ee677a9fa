package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.testsupport.TestServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * fory-shared through the real server: the writer publishes its type definition set before its first write, so the
 * stored payload refers to the set instead of carrying class definitions; another client, which never wrote, fetches
 * the set when its first read misses it and reads the session.
 */
class ForySharedExchangeIT {

    private static TestServer server;

    @BeforeAll
    static void startServer() {
        server = TestServer.start("sessiondata.serializer.active=" + KnownSerializers.FORY_SHARED);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    private static SessionClient client() {
        return SessionClient.builder()
                .baseUri(server.baseUri())
                .token(TestServer.TOKEN)
                .serializerSettings(SerializerSettings.builder().allowPackages("dev.sessiondata.client.e2e").build())
                .registerClasses(Cart.class)
                .build();
    }

    @Test
    void aPeerReadsWhatTheWriterStoredWithoutInlineDefinitionsAfterFetchingItsSet() throws Exception {
        Cart cart = new Cart("ada", Instant.parse("2026-11-22T04:00:00Z")).with("book", "12.50").with("ink", "7.25");
        SessionClient writer = client();
        writer.put("fory-shared-cart", cart);

        byte[] stored = storedBytes("fory-shared-cart");
        Cart read = client().get("fory-shared-cart", Cart.class).orElseThrow().value();

        assertThat(writer.fetchActiveSerializer()).isEqualTo(KnownSerializers.FORY_SHARED);
        assertThat(stored[0]).as("the payload refers to a published set").isEqualTo((byte) 1);
        assertThat(read).isEqualTo(cart);
    }

    private static byte[] storedBytes(String id) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.baseUri() + "/api/v1/sessions/" + id))
                .header("Authorization", "Bearer " + TestServer.TOKEN).GET().build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofByteArray()).body();
    }
}
