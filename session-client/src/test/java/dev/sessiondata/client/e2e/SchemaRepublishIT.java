package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.testsupport.ForkedJvm;
import dev.sessiondata.testsupport.TestServer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 7 of #33: a service that lost its schema records (here the memory store, by a restart on the same port)
 * left a running writer referring to schemas nobody could fetch any more, so whatever it wrote from then on was
 * unreadable by every application that had not installed them. The writer now checks that the service still holds
 * what it published and publishes it again.
 */
class SchemaRepublishIT {

    private static final String FORY_SHARED = "sessiondata.serializer.active=" + KnownSerializers.FORY_SHARED;

    @Test
    void afterTheServiceLostItsSchemasAFreshReaderReadsWhatARunningWriterWroteSince(@TempDir Path temp)
            throws Exception {
        Cart before = new Cart("ada", Instant.parse("2026-11-28T06:00:00Z")).with("book", "12.50");
        Cart after = new Cart("ada", Instant.parse("2026-11-28T06:05:00Z")).with("ink", "7.25");
        TestServer first = TestServer.start(FORY_SHARED);
        int port = first.port();
        try (SessionClient writer = SessionClient.builder()
                .baseUri(first.baseUri())
                .token(TestServer.TOKEN)
                .serializerSettings(SerializerSettings.builder().allowPackages(Cart.class.getPackageName()).build())
                .registerClasses(Cart.class)
                .schemaCheckInterval(Duration.ofMillis(1))
                .build()) {
            writer.put("cart-before-loss", before);
            first.close();

            try (TestServer restarted = TestServer.start(FORY_SHARED, "server.port=" + port)) {
                writer.put("cart-after-loss", after);

                ForkedJvm.Result read = ForkedJvm.run(ForkedJvm.currentClassPath(), FreshReader.class.getName(),
                        temp.resolve("reader.log"), restarted.baseUri().toString(), TestServer.TOKEN,
                        "cart-after-loss");

                assertThat(read.succeeded()).as(read.output()).isTrue();
                assertThat(read.output()).contains("read=" + after);
            }
        } finally {
            first.close();
        }
    }
}
