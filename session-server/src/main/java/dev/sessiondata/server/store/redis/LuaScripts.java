package dev.sessiondata.server.store.redis;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.core.script.DefaultRedisScript;
import org.springframework.data.redis.serializer.RedisSerializer;

/**
 * The store's Lua scripts, each next to this class as {@code <name>.lua}. Spring Data Redis sends them with
 * {@code EVALSHA} and falls back to {@code EVAL} when Redis (or a cluster node) does not have them yet.
 */
enum LuaScripts {
    PUT("put.lua", Long.class),
    GET("get.lua", List.class),
    TOUCH("touch.lua", byte[].class),
    DELETE("delete.lua", Long.class),
    PUT_DESCRIPTORS("put-descriptors.lua", List.class);

    private final DefaultRedisScript<Object> script;

    @SuppressWarnings("unchecked")
    LuaScripts(String file, Class<?> resultType) {
        this.script = new DefaultRedisScript<>();
        script.setLocation(new ClassPathResource(file, LuaScripts.class));
        script.setResultType((Class<Object>) resultType);
    }

    /** Runs the script on one key; binary results stay {@code byte[]}, integers are {@link Long}s. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // byte[] in, byte[] or Long out: one serializer both ways
    @Nullable Object run(RedisTemplate<String, byte[]> redis, String key, byte[]... args) {
        RedisSerializer bytes = RedisSerializer.byteArray();
        return redis.execute(script, bytes, bytes, List.of(key), (Object[]) args);
    }
}
