package dev.sessiondata.api;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * One schema record of a serializer that exchanges schemas, keyed by a 64-bit uid: for One Nio a class descriptor
 * (the uid One Nio's compact mode writes in place of a class, and the descriptor bytes exactly as One Nio serializes
 * its serializer for that class); for {@code fory-shared} a set of Fory type definitions ({@link ForyTypeDefSet}).
 * The server keeps the bytes opaque, after checking their structure and that the uid is their digest.
 */
public record ClassDescriptor(long uid, byte[] bytes) {

    public ClassDescriptor {
        Objects.requireNonNull(bytes, "bytes");
        bytes = bytes.clone();
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The uid as the API spells it in paths: 16 lowercase hex digits. */
    public String uidHex() {
        return uidToHex(uid);
    }

    public static String uidToHex(long uid) {
        return HexFormat.of().toHexDigits(uid);
    }

    /** Parses 16 hex digits; an {@link IllegalArgumentException} for anything else. */
    public static long uidFromHex(String hex) {
        if (hex.length() != 16) {
            throw new IllegalArgumentException("a uid is 16 hex digits, got '" + hex + "'");
        }
        return HexFormat.fromHexDigitsToLong(hex);
    }

    /** Whether both have the same uid and the same bytes. */
    public boolean sameAs(ClassDescriptor other) {
        return uid == other.uid && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ClassDescriptor that && sameAs(that);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(uid) * 31 + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "ClassDescriptor{uid=" + uidHex() + ", " + bytes.length + " bytes}";
    }
}
