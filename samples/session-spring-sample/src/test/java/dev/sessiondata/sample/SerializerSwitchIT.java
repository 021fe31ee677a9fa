package dev.sessiondata.sample;

import static dev.sessiondata.sample.AppInstance.cookieOf;
import static dev.sessiondata.sample.AppInstance.sessionIdOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.testsupport.RedisTarget;
import dev.sessiondata.testsupport.TestServer;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An operator switches the service's serializer (one-nio to kryo: a restart on the same Redis): the running
 * application writes with the new one from its next save, without a restart, and the sessions it wrote before
 * still read. On the Redis {@link RedisTarget} finds.
 */
@ExtendWith(RedisTarget.class)
class SerializerSwitchIT {

    @Test
    void theApplicationFollowsASwitchWithoutARestartAndStillReadsOlderSessions() throws Exception {
        String[] redis = RedisTarget.storeFor(SerializerSwitchIT.class);
        String cookie;
        int port;
        AppInstance app;
        try (TestServer before = TestServer.start(with(redis, "sessiondata.serializer.active=one-nio"))) {
            port = before.port();
            app = AppInstance.start(before.baseUri());
            cookie = cookieOf(app.send("POST", "/login?user=ada", null));
            app.send("POST", "/cart?item=book", cookie);
            assertThat(storedWith(before, sessionIdOf(cookie))).endsWith(".one-nio");
        }
        try (app; TestServer after = TestServer.start(with(redis, "server.port=" + port,
                "sessiondata.serializer.active=kryo"))) {
            assertThat(app.send("GET", "/cart", cookie).body()).isEqualTo("ada Cart[book]");

            app.send("POST", "/cart?item=pen", cookie);

            assertThat(storedWith(after, sessionIdOf(cookie))).endsWith(".kryo");
            assertThat(app.send("GET", "/cart", cookie).body()).isEqualTo("ada Cart[book, pen]");
        }
    }

    /** The Content-Type the service keeps a session with: it names the serializer that wrote it. */
    private static String storedWith(TestServer service, String id) {
        HttpResponse<Void> response = service.head(id);
        assertThat(response.statusCode()).isEqualTo(200);
        return response.headers().firstValue("Content-Type").orElseThrow();
    }

    private static String[] with(String[] properties, String... more) {
        return Stream.concat(Stream.of(properties), Stream.of(more)).toArray(String[]::new);
    }
}
