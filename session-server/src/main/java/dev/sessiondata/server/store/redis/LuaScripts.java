package dev.sessiondata.server.store.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The stores' Lua scripts, each next to this class as {@code <name>.lua}, read once with their SHA-1. Sent with
 * {@code EVALSHA} by {@link NativeRedis}, which falls back to {@code EVAL} when Redis (or a cluster node) does not
 * have them yet.
 */
enum LuaScripts {
    PUT("put.lua"),
    READ("read.lua"),
    TOUCH("touch.lua"),
    DELETE("delete.lua"),
    INDEX_SESSIONS("index-sessions.lua"),
    FEED_HEAD("feed-head.lua"),
    FEED_SINCE("feed-since.lua"),
    CLAIM("claim.lua"),
    EXPIRED("expired.lua"),
    SCAN_LEASE("scan-lease.lua"),
    CHANGE_ID("change-id.lua"),
    MOVE_OUT("move-out.lua"),
    MOVE_IN("move-in.lua"),
    MOVE_DONE("move-done.lua"),
    MOVE_IN_DONE("move-in-done.lua"),
    PUT_DESCRIPTORS("put-descriptors.lua"),
    PAGE_DESCRIPTORS("page-descriptors.lua");

    private final String sha1;
    private final String text;

    LuaScripts(String file) {
        try (InputStream in = LuaScripts.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("the script " + file + " is missing beside " + LuaScripts.class);
            }
            this.text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            this.sha1 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-1", e);
        }
    }

    /** The script's SHA-1, for {@code EVALSHA}. */
    String sha1() {
        return sha1;
    }

    /** The script's text, for {@code EVAL} where a node does not have it yet. */
    String text() {
        return text;
    }
}
