package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.testsupport.ForkedJvm;
import dev.sessiondata.testsupport.RedisTarget;
import dev.sessiondata.testsupport.TestServer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding 7 of #33: a service that lost its schema records (a memory store restarted on the same port, Redis keys gone)
 * left a running writer referring to schemas nobody could fetch any more, so whatever it wrote from then on was
 * unreadable by every application that had not installed them. The writer now checks that the service still holds
 * what it published and publishes it again.
 */
class SchemaRepublishIT {

    private static final String FORY_SHARED = "sessiondata.serializer.active=" + KnownSerializers.FORY_SHARED;
    private static final String KEY_PREFIX_PROPERTY = "sessiondata.store.redis.key-prefix=";

    private final Cart before = new Cart("ada", Instant.parse("2026-11-28T06:00:00Z")).with("book", "12.50");
    private final Cart after = new Cart("ada", Instant.parse("2026-11-28T06:05:00Z")).with("ink", "7.25");

    @Test
    void afterTheServiceLostItsSchemasAFreshReaderReadsWhatARunningWriterWroteSince(@TempDir Path temp)
            throws Exception {
        TestServer first = TestServer.start(FORY_SHARED);
        int port = first.port();
        try (SessionClient writer = writer(first)) {
            writer.put("cart-before-loss", before);
            first.close();

            try (TestServer restarted = TestServer.start(FORY_SHARED, "server.port=" + port)) {
                writer.put("cart-after-loss", after);

                assertAFreshReaderReadsWhatWasWrittenAfterTheLoss(restarted, temp);
            }
        } finally {
            first.close();
        }
    }

    /**
     * The same on the Redis store, whose keys are deleted under the running server, as a FLUSHDB or a failover to an
     * empty replica would: the server keeps no schema of its own, so the writer's check finds them gone.
     */
    @Test
    void afterRedisLostItsKeysAFreshReaderReadsWhatARunningWriterWroteSince(@TempDir Path temp) throws Exception {
        RedisTarget.onRedis(SchemaRepublishIT.class, redis -> {
            String keyPrefix = Stream.of(redis).filter(p -> p.startsWith(KEY_PREFIX_PROPERTY))
                    .map(p -> p.substring(KEY_PREFIX_PROPERTY.length())).findFirst().orElseThrow();
            try (TestServer server = TestServer.start(Stream.concat(Stream.of(redis), Stream.of(FORY_SHARED))
                    .toArray(String[]::new)); SessionClient writer = writer(server)) {
                writer.put("cart-before-loss", before);
                RedisTarget.deleteKeys(keyPrefix);
                writer.put("cart-after-loss", after);

                assertAFreshReaderReadsWhatWasWrittenAfterTheLoss(server, temp);
            }
        });
    }

    /** A writer that checks before every write (its interval is a millisecond) that the service holds its schemas. */
    private static SessionClient writer(TestServer server) {
        return SessionClient.builder()
                .baseUri(server.baseUri())
                .token(TestServer.TOKEN)
                .serializerSettings(SerializerSettings.builder().allowPackages(Cart.class.getPackageName()).build())
                .registerClasses(Cart.class)
                .schemaCheckInterval(Duration.ofMillis(1))
                .build();
    }

    private void assertAFreshReaderReadsWhatWasWrittenAfterTheLoss(TestServer server, Path temp) throws Exception {
        ForkedJvm.Result read = ForkedJvm.run(ForkedJvm.currentClassPath(), FreshReader.class.getName(),
                temp.resolve("reader.log"), server.baseUri().toString(), TestServer.TOKEN, "cart-after-loss");

        assertThat(read.succeeded()).as(read.output()).isTrue();
        assertThat(read.output()).contains("read=" + after);
    }
}
