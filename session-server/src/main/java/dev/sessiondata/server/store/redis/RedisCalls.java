package dev.sessiondata.server.store.redis;

import java.nio.charset.StandardCharsets;

/** What the Redis stores share besides their connection ({@link NativeRedis}): key prefixes and text/bytes. */
final class RedisCalls {

    private RedisCalls() {
    }

    /** Refuses a key prefix with braces: the stores put hash tags of their own into keys. */
    static String checkPrefix(String keyPrefix) {
        if (keyPrefix.indexOf('{') >= 0 || keyPrefix.indexOf('}') >= 0) {
            throw new IllegalArgumentException("the key prefix must not contain braces (hash tags): " + keyPrefix);
        }
        return keyPrefix;
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static String text(Object bytes) {
        return new String((byte[]) bytes, StandardCharsets.UTF_8);
    }
}
