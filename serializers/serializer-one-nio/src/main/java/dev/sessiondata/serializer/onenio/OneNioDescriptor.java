package dev.sessiondata.serializer.onenio;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * One one-nio class descriptor: the 64-bit uid compact mode writes in place of a class, and the descriptor bytes
 * exactly as one-nio serializes its serializer for that class (what {@code Repository.saveSnapshot} and persist mode
 * write). Made by {@link OneNioDescriptors#export}, installed by {@link OneNioDescriptors#install}.
 */
public record OneNioDescriptor(long uid, byte[] bytes) {

    public OneNioDescriptor {
        Objects.requireNonNull(bytes, "bytes");
        bytes = bytes.clone();
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OneNioDescriptor that && uid == that.uid && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(uid) * 31 + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "OneNioDescriptor{uid=" + HexFormat.of().toHexDigits(uid) + ", " + bytes.length + " bytes}";
    }
}
