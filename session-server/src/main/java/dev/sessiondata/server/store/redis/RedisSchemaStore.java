package dev.sessiondata.server.store.redis;

import static dev.sessiondata.server.store.redis.RedisCalls.bytes;
import static dev.sessiondata.server.store.redis.RedisCalls.call;
import static dev.sessiondata.server.store.redis.RedisCalls.text;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.SchemaStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisTemplate;

/**
 * Keeps descriptors in Redis: one hash per serializer id, {@code P descriptors:{<serializer-id>}} (uid as 16 hex
 * digits to the descriptor's bytes, without expiry), {@code P} the configured prefix. One key per serializer,
 * hence one cluster slot: a batch upload is one atomic script.
 */
public final class RedisSchemaStore implements SchemaStore {

    private final RedisTemplate<String, byte[]> redis;
    private final String prefix;

    public RedisSchemaStore(RedisConnectionFactory connections, String keyPrefix) {
        this.prefix = RedisCalls.checkPrefix(keyPrefix);
        this.redis = RedisCalls.template(connections);
    }

    @Override
    public DescriptorWriteResult putDescriptors(String serializerId, List<ClassDescriptor> descriptors) {
        if (descriptors.isEmpty()) {
            return DescriptorWriteResult.stored(0);
        }
        byte[][] args = new byte[descriptors.size() * 2][];
        for (int i = 0; i < descriptors.size(); i++) {
            args[2 * i] = bytes(descriptors.get(i).uidHex());
            args[2 * i + 1] = descriptors.get(i).bytes();
        }
        List<?> result = (List<?>) call(() -> LuaScripts.PUT_DESCRIPTORS.run(redis, key(serializerId), args));
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
    public Optional<ClassDescriptor> descriptor(String serializerId, long uid) {
        byte[] bytes = call(() -> (byte[]) redis.opsForHash().get(key(serializerId), ClassDescriptor.uidToHex(uid)));
        return Optional.ofNullable(bytes).map(found -> new ClassDescriptor(uid, found));
    }

    @Override
    public List<ClassDescriptor> descriptors(String serializerId) {
        Map<byte[], byte[]> all = call(() -> redis.execute(connection ->
                connection.hashCommands().hGetAll(bytes(key(serializerId))), true));
        List<ClassDescriptor> descriptors = new ArrayList<>(all == null ? 0 : all.size());
        if (all != null) {
            all.forEach((uid, bytes) -> descriptors.add(new ClassDescriptor(ClassDescriptor.uidFromHex(text(uid)), bytes)));
        }
        return descriptors;
    }

    private String key(String serializerId) {
        return prefix + "descriptors:{" + serializerId + "}";
    }
}
