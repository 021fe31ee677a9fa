package dev.sessiondata.api;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema record of the {@code fory-shared} serializer: an ordered set of Apache Fory type definitions
 * ({@code TypeDef}s, Fory's encoding of a class name and its fields), published once through the schema exchange. A
 * {@code fory-shared} payload names its set by uid and refers to a definition by its index in the set, so it carries
 * no definition of its own (but those of classes first met after the set was published).
 *
 * <p>Layout, big-endian: a format byte ({@link #FORMAT}), an unsigned short count, then per definition an unsigned
 * short length and Fory's encoded {@code TypeDef}: its 8-byte little-endian header (the low 8 bits hold the body size,
 * 255 meaning a varint of the rest follows; bits 9 to 11 are reserved and zero) and its body. The uid is the first
 * 63 bits of the SHA-256 of the record, so a uid cannot be squatted with other bytes; Fory checks each definition's
 * own 52-bit body hash when it parses it. The server checks this structure without Fory ({@link #typeDefsOf}).
 */
public final class ForyTypeDefSet {

    /** The first byte of every record of this layout. */
    public static final byte FORMAT = 1;
    /** More classes than a session graph has; a writer publishes at most this many in one set. */
    public static final int MAX_TYPE_DEFS = 1024;
    /** Fory reads at most 4,096 body bytes per definition by default; a header and a varint besides. */
    public static final int MAX_TYPE_DEF_BYTES = 8 + 5 + 8192;

    private static final int HEADER_BYTES = 8;
    private static final int SIZE_MASK = 0xff;
    private static final long RESERVED_FLAGS = 0b111L << 9;

    private ForyTypeDefSet() {
    }

    /** The record of these definitions, in this order, with its uid. */
    public static ClassDescriptor of(List<byte[]> typeDefs) {
        if (typeDefs.isEmpty() || typeDefs.size() > MAX_TYPE_DEFS) {
            throw new IllegalArgumentException("a set holds 1.." + MAX_TYPE_DEFS + " definitions, not "
                    + typeDefs.size());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(3 + typeDefs.size() * 64);
        out.write(FORMAT);
        writeShort(out, typeDefs.size());
        for (byte[] typeDef : typeDefs) {
            checkTypeDef(typeDef);
            writeShort(out, typeDef.length);
            out.writeBytes(typeDef);
        }
        byte[] record = out.toByteArray();
        return new ClassDescriptor(uidOf(record), record);
    }

    /**
     * The definitions of a record, after checking that it has this layout, that each definition's header agrees with
     * its length, and that the uid is the digest of the bytes.
     *
     * @throws IllegalArgumentException saying what is wrong otherwise
     */
    public static List<byte[]> typeDefsOf(ClassDescriptor record) {
        byte[] data = record.bytes();
        ByteBuffer in = ByteBuffer.wrap(data);
        try {
            byte format = in.get();
            if (format != FORMAT) {
                throw new IllegalArgumentException("format " + format + " is not a Fory type definition set");
            }
            int count = in.getShort() & 0xffff;
            if (count < 1 || count > MAX_TYPE_DEFS) {
                throw new IllegalArgumentException("a set holds 1.." + MAX_TYPE_DEFS + " definitions, not " + count);
            }
            List<byte[]> typeDefs = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int length = in.getShort() & 0xffff;
                if (length > in.remaining()) {
                    throw new BufferUnderflowException();
                }
                byte[] typeDef = new byte[length];
                in.get(typeDef);
                try {
                    checkTypeDef(typeDef);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("definition " + i + ": " + e.getMessage(), e);
                }
                typeDefs.add(typeDef);
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " bytes after the last definition");
            }
            if (uidOf(data) != record.uid()) {
                throw new IllegalArgumentException("the uid is not the digest of the set");
            }
            return typeDefs;
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("the set is truncated", e);
        }
    }

    /** The uid of record bytes: the first 63 bits of their SHA-256. */
    public static long uidOf(byte[] record) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(record);
            return ByteBuffer.wrap(hash).getLong() >>> 1;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** A Fory {@code TypeDef}: its header's size (and varint extension) accounts for exactly the bytes it has. */
    private static void checkTypeDef(byte[] typeDef) {
        if (typeDef.length < HEADER_BYTES || typeDef.length > MAX_TYPE_DEF_BYTES) {
            throw new IllegalArgumentException("a definition has " + HEADER_BYTES + ".." + MAX_TYPE_DEF_BYTES
                    + " bytes, not " + typeDef.length);
        }
        ByteBuffer in = ByteBuffer.wrap(typeDef).order(ByteOrder.LITTLE_ENDIAN);
        long header = in.getLong();
        if ((header & RESERVED_FLAGS) != 0) {
            throw new IllegalArgumentException("reserved header flags are set");
        }
        long size = header & SIZE_MASK;
        if (size == SIZE_MASK) {
            size += readVarUInt32(in);
        }
        if (size != in.remaining()) {
            throw new IllegalArgumentException("the header announces " + size + " body bytes, " + in.remaining()
                    + " follow");
        }
    }

    private static long readVarUInt32(ByteBuffer in) {
        long value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (!in.hasRemaining()) {
                throw new IllegalArgumentException("the header's size varint is truncated");
            }
            byte b = in.get();
            value |= (long) (b & 0x7f) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new IllegalArgumentException("the header's size varint is longer than 5 bytes");
    }

    private static void writeShort(ByteArrayOutputStream out, int value) {
        out.write(value >>> 8);
        out.write(value);
    }
}
