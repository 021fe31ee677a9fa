package dev.sessiondata.server.store.redis;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The stores' Lua scripts, each next to this class as {@code <name>.lua}. Sent with {@code EVALSHA}, falling back
 * to {@code EVAL} when Redis (or a cluster node) does not have them yet: by Spring Data Redis ({@link #run}) for
 * the schema store, by {@link NativeRedis} on the session path.
 */
enum LuaScripts {
    PUT("put.lua", Long.class),
    TOUCH("touch.lua", byte[].class),
    DELETE("delete.lua", Long.class),
    PUT_DESCRIPTORS("put-descriptors.lua", List.class),
    PAGE_DESCRIPTORS("page-descriptors.lua", List.class);

    private final DefaultRedisScript<Object> script;
    private final String sha1;
    private final String text;

    /**
     * The SHA-1 and the text are taken once: {@link DefaultRedisScript#getSha1()} asks the resource whether it was
     * modified on every call (a jar URL connection under a lock), which was a tenth of a Redis read's samples.
     */
    @SuppressWarnings("unchecked")
    LuaScripts(String file, Class<?> resultType) {
        this.script = new DefaultRedisScript<>();
        script.setLocation(new ClassPathResource(file, LuaScripts.class));
        script.setResultType((Class<Object>) resultType);
        this.sha1 = script.getSha1();
        this.text = script.getScriptAsString();
    }

    /** The script's SHA-1, for {@code EVALSHA}. */
    String sha1() {
        return sha1;
    }

    /** The script's text, for {@code EVAL} where a node does not have it yet. */
    String text() {
        return text;
    }

    /** Runs the script on keys of one slot; binary results stay {@code byte[]}, integers are {@link Long}s. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // byte[] in, byte[] or Long out: one serializer both ways
    @Nullable Object run(RedisTemplate<String, byte[]> redis, List<String> keys, byte[]... args) {
        RedisSerializer bytes = RedisSerializer.byteArray();
        return redis.execute(script, bytes, bytes, keys, (Object[]) args);
    }
}
