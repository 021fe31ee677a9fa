package dev.sessiondata.loadtest;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/** One serialized session body and its MD5, which the simulations compare with what the server hands back. */
record Payload(String sizeClass, byte[] bytes, String md5) {

    Payload {
        Objects.requireNonNull(sizeClass, "sizeClass");
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(md5, "md5");
    }

    static Payload of(String sizeClass, byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("MD5").digest(bytes);
            return new Payload(sizeClass, bytes, HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
    }
}
