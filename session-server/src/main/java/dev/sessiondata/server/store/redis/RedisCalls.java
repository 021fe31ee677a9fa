package dev.sessiondata.server.store.redis;

import dev.sessiondata.server.store.StoreFullException;
import dev.sessiondata.server.store.StoreUnavailableException;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisTemplate;
import org.springframework.data.redis.serializer.RedisSerializer;

/** What the Redis stores share: the template they talk through, outage translation and text/bytes conversion. */
final class RedisCalls {

    private RedisCalls() {
    }

    /** A template with string keys and byte values, hash keys and hash values. */
    static RedisTemplate<String, byte[]> template(RedisConnectionFactory connections) {
        RedisTemplate<String, byte[]> redis = new RedisTemplate<>();
        redis.setConnectionFactory(connections);
        redis.setKeySerializer(RedisSerializer.string());
        redis.setValueSerializer(RedisSerializer.byteArray());
        redis.setHashKeySerializer(RedisSerializer.string());
        redis.setHashValueSerializer(RedisSerializer.byteArray());
        redis.afterPropertiesSet();
        return redis;
    }

    /** Refuses a key prefix with braces: the stores put hash tags of their own into keys. */
    static String checkPrefix(String keyPrefix) {
        if (keyPrefix.indexOf('{') >= 0 || keyPrefix.indexOf('}') >= 0) {
            throw new IllegalArgumentException("the key prefix must not contain braces (hash tags): " + keyPrefix);
        }
        return keyPrefix;
    }

    /**
     * Runs {@code operation}; an unreachable Redis becomes a {@link StoreUnavailableException}, one out of memory a
     * {@link StoreFullException}.
     */
    static <T> T call(Supplier<T> operation) {
        try {
            return operation.get();
        } catch (InvalidDataAccessApiUsageException e) {
            if (isOutOfMemory(e)) {
                throw full(e);
            }
            throw e; // Redis refused the command itself: a bug here, not an outage
        } catch (DataAccessException e) {
            throw unavailable(e);
        }
    }

    /**
     * Whether Redis refused a command because it reached {@code maxmemory} and may not evict: its error then starts
     * with {@code OOM}, for a plain command and inside a script alike.
     */
    static boolean isOutOfMemory(Throwable e) {
        String message = NestedExceptionUtils.getMostSpecificCause(e).getMessage();
        return message != null && message.contains("OOM command not allowed");
    }

    static StoreFullException full(Throwable e) {
        return new StoreFullException("Redis is out of memory and refuses writes: "
                + NestedExceptionUtils.getMostSpecificCause(e).getMessage(), e);
    }

    static RuntimeException unavailable(Throwable e) {
        if (isOutOfMemory(e)) {
            return full(e);
        }
        return new StoreUnavailableException("Redis is unavailable: " + NestedExceptionUtils.getMostSpecificCause(e), e);
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String text(Object bytes) {
        return new String((byte[]) bytes, StandardCharsets.UTF_8);
    }
}
