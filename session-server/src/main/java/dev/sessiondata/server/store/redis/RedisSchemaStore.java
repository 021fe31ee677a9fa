package dev.sessiondata.server.store.redis;

import static dev.sessiondata.server.store.redis.RedisCalls.bytes;
import static dev.sessiondata.server.store.redis.RedisCalls.text;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.SchemaStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import io.lettuce.core.ScriptOutputType;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Keeps descriptors in Redis, per serializer id three keys of one cluster slot ({@code P} the configured prefix):
 * {@code P descriptors:{<id>}} (a hash of uid as 16 hex digits to the descriptor's bytes), {@code P
 * descriptor-uids:{<id>}} (a sorted set of those uids, all scored 0, so ordered by their digits: the index pages are
 * read from) and {@code P descriptor-bytes:{<id>}} (the total of the bytes, checked against the bound). None expires,
 * so Redis's {@code volatile-*} eviction policies never evict them, only sessions (which all have a time to live). A
 * batch upload is one atomic script. Redis is reached the way the session store reaches it ({@link NativeRedis}); the
 * calls wait for their answer, as the schema routes run them off the event loops.
 */
public final class RedisSchemaStore implements SchemaStore {

    private final NativeRedis redis;
    private final String prefix;

    public RedisSchemaStore(LettuceConnectionFactory connections, String keyPrefix) {
        this.prefix = RedisCalls.checkPrefix(keyPrefix);
        this.redis = new NativeRedis(connections);
    }

    @Override
    public DescriptorWriteResult putDescriptors(String serializerId, List<ClassDescriptor> descriptors,
            long maxTotalBytes) {
        if (descriptors.isEmpty()) {
            return DescriptorWriteResult.stored(0);
        }
        byte[][] args = new byte[descriptors.size() * 2 + 1][];
        args[0] = bytes(Long.toString(maxTotalBytes));
        for (int i = 0; i < descriptors.size(); i++) {
            args[2 * i + 1] = bytes(descriptors.get(i).uidHex());
            args[2 * i + 2] = descriptors.get(i).bytes();
        }
        List<Object> result = NativeRedis.await(
                redis.script(LuaScripts.PUT_DESCRIPTORS, ScriptOutputType.MULTI, keys(serializerId), args));
        if (result == null) {
            throw new IllegalStateException("the descriptor script answered nothing");
        }
        if (result.size() == 1) {
            long added = (Long) result.get(0);
            return added < 0 ? DescriptorWriteResult.overBound() : DescriptorWriteResult.stored(Math.toIntExact(added));
        }
        return DescriptorWriteResult.refused(result.subList(1, result.size()).stream()
                .map(uid -> ClassDescriptor.uidFromHex(text(uid))).toList());
    }

    @Override
    public Optional<ClassDescriptor> descriptor(String serializerId, long uid) {
        byte[] bytes = NativeRedis.await(redis.call(commands -> commands.hget(bytes(hash(serializerId)),
                bytes(ClassDescriptor.uidToHex(uid)))));
        return Optional.ofNullable(bytes).map(found -> new ClassDescriptor(uid, found));
    }

    @Override
    public List<ClassDescriptor> descriptors(String serializerId, OptionalLong after, int limit) {
        String from = after.isPresent() ? "(" + ClassDescriptor.uidToHex(after.getAsLong()) : "-";
        List<Object> page = NativeRedis.await(redis.script(LuaScripts.PAGE_DESCRIPTORS, ScriptOutputType.MULTI,
                keys(serializerId), bytes(from), bytes(Integer.toString(limit))));
        List<ClassDescriptor> descriptors = new ArrayList<>(page == null ? 0 : page.size() / 2);
        for (int i = 0; page != null && i + 1 < page.size(); i += 2) {
            descriptors.add(new ClassDescriptor(ClassDescriptor.uidFromHex(text(page.get(i))), (byte[]) page.get(i + 1)));
        }
        return descriptors;
    }

    private String hash(String serializerId) {
        return prefix + "descriptors:{" + serializerId + "}";
    }

    private byte[][] keys(String serializerId) {
        return new byte[][] {bytes(hash(serializerId)), bytes(prefix + "descriptor-uids:{" + serializerId + "}"),
                bytes(prefix + "descriptor-bytes:{" + serializerId + "}")};
    }
}
