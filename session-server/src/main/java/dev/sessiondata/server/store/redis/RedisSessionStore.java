package dev.sessiondata.server.store.redis;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoreUnavailableException;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.Versions;
import dev.sessiondata.server.store.WriteResult;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.Cursor;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.core.ScanOptions;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * Keeps sessions and descriptors in Redis.
 *
 * <p>Key layout, with {@code P} the configured prefix (default {@code sessiondata:}):
 * <ul>
 *   <li>{@code P session:{<id>}} — one hash per session: {@code data} (the body), {@code serializer} (its id),
 *       {@code version}, {@code ttl} (milliseconds) and {@code expires} (epoch milliseconds, for the
 *       {@code Session-Expires-At} header). Redis expires the key itself ({@code PEXPIRE ttl}). The session id
 *       is the key's hash tag, so in a Redis Cluster every key of one session lives in one slot; ids cannot
 *       contain braces, so the tag is always exactly the id.</li>
 *   <li>{@code P descriptors} — one hash: One Nio descriptor uid (16 hex digits) to descriptor bytes, without
 *       expiry. One key, hence one slot: a batch upload is one atomic script.</li>
 * </ul>
 *
 * <p>Every operation that reads and writes is one Lua script (Redis runs each atomically), so a conditional write
 * either fully happens or not at all, and a session is never half-written. An unreachable Redis is a
 * {@link StoreUnavailableException}; Lettuce reconnects by itself when it returns.
 */
public final class RedisSessionStore implements SessionStore {

    private static final RedisSerializer<byte[]> BYTES = RedisSerializer.byteArray();

    private final RedisTemplate<String, byte[]> redis;
    private final String prefix;
    private final String descriptorsKey;
    private final Clock clock;

    public RedisSessionStore(RedisConnectionFactory connections, String keyPrefix, Clock clock) {
        if (keyPrefix.indexOf('{') >= 0 || keyPrefix.indexOf('}') >= 0) {
            throw new IllegalArgumentException("the key prefix must not contain braces (hash tags): " + keyPrefix);
        }
        this.redis = new RedisTemplate<>();
        redis.setConnectionFactory(connections);
        redis.setKeySerializer(RedisSerializer.string());
        redis.setValueSerializer(BYTES);
        redis.setHashKeySerializer(RedisSerializer.string());
        redis.setHashValueSerializer(BYTES);
        redis.afterPropertiesSet();
        this.prefix = keyPrefix;
        this.descriptorsKey = keyPrefix + "descriptors";
        this.clock = clock;
    }

    @Override
    public Optional<StoredSession> get(String id, boolean slide) {
        List<?> fields = (List<?>) run(LuaScripts.GET, sessionKey(id), bytes(slide ? "1" : "0"), now());
        if (fields == null || fields.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new StoredSession((byte[]) fields.get(0), text(fields.get(1)), text(fields.get(2)),
                Duration.ofMillis(Long.parseLong(text(fields.get(3)))),
                Instant.ofEpochMilli(Long.parseLong(text(fields.get(4))))));
    }

    @Override
    public WriteResult put(String id, SessionWrite write, Precondition precondition) {
        String version = Versions.next();
        Instant expiresAt = Instant.ofEpochMilli(clock.millis()).plus(write.ttl());
        Long outcome = (Long) run(LuaScripts.PUT, sessionKey(id),
                condition(precondition), bytes(String.valueOf(precondition.version())), bytes(version),
                bytes(write.serializerId()), write.data(), bytes(String.valueOf(write.ttl().toMillis())),
                bytes(String.valueOf(expiresAt.toEpochMilli())));
        return outcome == null || outcome == 0 ? WriteResult.preconditionFailed()
                : WriteResult.written(outcome == 1, version, expiresAt);
    }

    @Override
    public DeleteResult delete(String id, Precondition precondition) {
        Long outcome = (Long) run(LuaScripts.DELETE, sessionKey(id), condition(precondition),
                bytes(String.valueOf(precondition.version())));
        if (outcome == null || outcome < 0) {
            return DeleteResult.NOT_FOUND;
        }
        return outcome == 0 ? DeleteResult.PRECONDITION_FAILED : DeleteResult.DELETED;
    }

    @Override
    public Optional<Instant> touch(String id) {
        Object expires = run(LuaScripts.TOUCH, sessionKey(id), now());
        return expires == null ? Optional.empty() : Optional.of(Instant.ofEpochMilli(Long.parseLong(text(expires))));
    }

    @Override
    public DescriptorWriteResult putDescriptors(List<ClassDescriptor> descriptors) {
        if (descriptors.isEmpty()) {
            return DescriptorWriteResult.stored(0);
        }
        byte[][] args = new byte[descriptors.size() * 2][];
        for (int i = 0; i < descriptors.size(); i++) {
            args[2 * i] = bytes(descriptors.get(i).uidHex());
            args[2 * i + 1] = descriptors.get(i).bytes();
        }
        List<?> result = (List<?>) run(LuaScripts.PUT_DESCRIPTORS, descriptorsKey, args);
        if (result == null) {
            throw new IllegalStateException("the descriptor script answered nothing");
        }
        if (result.size() == 1) {
            return DescriptorWriteResult.stored(Math.toIntExact((Long) result.get(0)));
        }
        return DescriptorWriteResult.refused(result.subList(1, result.size()).stream()
                .map(uid -> ClassDescriptor.uidFromHex(text(uid))).toList());
    }

    @Override
    public Optional<ClassDescriptor> descriptor(long uid) {
        byte[] bytes = call(() -> (byte[]) redis.opsForHash().get(descriptorsKey, ClassDescriptor.uidToHex(uid)));
        return Optional.ofNullable(bytes).map(found -> new ClassDescriptor(uid, found));
    }

    @Override
    public List<ClassDescriptor> descriptors() {
        Map<byte[], byte[]> all = call(() -> redis.execute(connection ->
                connection.hashCommands().hGetAll(bytes(descriptorsKey)), true));
        List<ClassDescriptor> descriptors = new ArrayList<>(all == null ? 0 : all.size());
        if (all != null) {
            all.forEach((uid, bytes) -> descriptors.add(new ClassDescriptor(ClassDescriptor.uidFromHex(text(uid)), bytes)));
        }
        return descriptors;
    }

    /**
     * Counts session keys with {@code SCAN} (on every master of a cluster): a pass over the key space, so the
     * gauge costs as much as that each time it is read.
     */
    @Override
    public long sessionCount() {
        ScanOptions sessions = ScanOptions.scanOptions().match(prefix + "session:*").count(1000).build();
        Long count = call(() -> redis.execute((RedisConnection connection) -> {
            if (connection instanceof RedisClusterConnection cluster) {
                long total = 0;
                for (RedisClusterNode node : cluster.clusterGetNodes()) {
                    if (node.isMaster()) {
                        total += count(cluster.scan(node, sessions));
                    }
                }
                return total;
            }
            return count(connection.keyCommands().scan(sessions));
        }, true));
        return count == null ? 0 : count;
    }

    private static long count(Cursor<byte[]> keys) {
        try (keys) {
            long count = 0;
            while (keys.hasNext()) {
                keys.next();
                count++;
            }
            return count;
        }
    }

    private String sessionKey(String id) {
        return prefix + "session:{" + id + "}";
    }

    private byte[] now() {
        return bytes(String.valueOf(clock.millis()));
    }

    private @Nullable Object run(LuaScripts script, String key, byte[]... args) {
        return call(() -> script.run(redis, key, args));
    }

    private static <T> T call(Supplier<T> operation) {
        try {
            return operation.get();
        } catch (InvalidDataAccessApiUsageException e) {
            throw e; // Redis refused the command itself: a bug here, not an outage
        } catch (DataAccessException e) {
            throw new StoreUnavailableException("Redis is unavailable: " + NestedExceptionUtils.getMostSpecificCause(e), e);
        }
    }

    private static byte[] condition(Precondition precondition) {
        return bytes(precondition.kind().name().toLowerCase(Locale.ROOT));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Object bytes) {
        return new String((byte[]) bytes, StandardCharsets.UTF_8);
    }
}
