package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.client.IntegrityException;
import dev.sessiondata.client.MissingDigestException;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.testsupport.RedisTarget;
import dev.sessiondata.testsupport.TestServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bytes changed in Redis behind the server's back (a flipped bit at rest) reach the client with the digest the server
 * stored when they were written ({@code Repr-Digest}); the client refuses them with {@link IntegrityException} before
 * any deserializer sees them, so a damaged session is never read as a different value. Rewriting the session heals it.
 * Both tests use one server (on a key prefix of the class's own), each on a session of its own.
 */
@ExtendWith(RedisTarget.class)
class CorruptionAtRestIT {

    private static final String KEY_PREFIX_PROPERTY = "sessiondata.store.redis.key-prefix=";
    private static final byte[] DATA_FIELD = "data".getBytes(StandardCharsets.UTF_8);

    private final Cart cart = new Cart("ada", Instant.parse("2026-11-22T04:00:00Z")).with("book", "12.50")
            .with("pen", "2.00");

    private static TestServer server;
    private static String keyPrefix;

    @BeforeAll
    static void startServer() {
        String[] redis = RedisTarget.storeFor(CorruptionAtRestIT.class);
        keyPrefix = Stream.of(redis).filter(p -> p.startsWith(KEY_PREFIX_PROPERTY))
                .map(p -> p.substring(KEY_PREFIX_PROPERTY.length())).findFirst().orElseThrow();
        server = TestServer.start(redis);
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aBitFlippedInRedisIsAnIntegrityErrorAtEveryPositionNeverAnotherValue() throws Exception {
        byte[] key = sessionKey(keyPrefix, "cart-1");
        RedisClient redisClient = RedisClient.create(RedisTarget.url());
        try (StatefulRedisConnection<byte[], byte[]> connection = redisClient.connect(ByteArrayCodec.INSTANCE)) {
            RedisCommands<byte[], byte[]> commands = connection.sync();
            SessionClient client = client(server);
            client.put("cart-1", cart);
            byte[] written = commands.hget(key, DATA_FIELD);
            assertThat(written).as("the session's bytes in Redis").isNotEmpty();

            // every byte once, one bit each: wherever the damage falls, the read fails and says why
            for (int position = 0; position < written.length; position++) {
                byte[] damaged = Arrays.copyOf(written, written.length);
                damaged[position] ^= (byte) (1 << (position % 8));
                commands.hset(key, DATA_FIELD, damaged);
                int at = position;
                assertThatThrownBy(() -> client.get("cart-1", Cart.class))
                        .as("a bit flipped in byte %d of %d", at, written.length)
                        .isInstanceOfSatisfying(IntegrityException.class,
                                e -> assertThat(e.algorithm()).isEqualTo("sha-256"));
            }

            commands.hset(key, DATA_FIELD, written);
            assertThat(client.get("cart-1", Cart.class).orElseThrow().value()).isEqualTo(cart);
            client.put("cart-1", cart.with("cup", "4.00"));
            assertThat(client.get("cart-1", Cart.class).orElseThrow().value()).isEqualTo(cart.with("cup", "4.00"));
        } finally {
            redisClient.shutdown();
        }
    }

    /**
     * A session whose stored digest was removed at rest is read unchecked by default (as one stored before digests
     * were kept), and refused by a client that requires {@code Repr-Digest}.
     */
    @Test
    void aDigestRemovedAtRestIsRefusedByAStrictClientOnly() throws Exception {
        byte[] key = sessionKey(keyPrefix, "cart-2");
        RedisClient redisClient = RedisClient.create(RedisTarget.url());
        try (StatefulRedisConnection<byte[], byte[]> connection = redisClient.connect(ByteArrayCodec.INSTANCE)) {
            SessionClient lenient = client(server);
            SessionClient strict = lenient.newBuilder().requireReprDigest(true).build();
            lenient.put("cart-2", cart);
            assertThat(strict.get("cart-2", Cart.class).orElseThrow().value()).isEqualTo(cart);

            connection.sync().hdel(key, "digest".getBytes(StandardCharsets.UTF_8));

            assertThat(lenient.get("cart-2", Cart.class).orElseThrow().value()).isEqualTo(cart);
            assertThatThrownBy(() -> strict.get("cart-2", Cart.class)).isInstanceOf(MissingDigestException.class);
        } finally {
            redisClient.shutdown();
        }
    }

    /**
     * The session's key as the server's Redis store names it on its default partitions: the partition (the id's
     * CRC-32 modulo 16) is the key's hash tag.
     */
    private static byte[] sessionKey(String keyPrefix, String id) {
        CRC32 crc = new CRC32();
        crc.update(id.getBytes(StandardCharsets.UTF_8));
        return (keyPrefix + "{p" + crc.getValue() % 16 + "}:session:" + id).getBytes(StandardCharsets.UTF_8);
    }

    private static SessionClient client(TestServer server) {
        return SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN)
                    .serializerSettings(SerializerSettings.builder().allowPackages(Cart.class.getPackageName()).build())
                    .registerClasses(Cart.class).build();
    }
}
