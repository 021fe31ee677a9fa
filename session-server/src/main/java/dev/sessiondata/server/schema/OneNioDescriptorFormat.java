package dev.sessiondata.server.schema;

import dev.sessiondata.api.ClassDescriptor;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Map;

/**
 * The structure of a One Nio 2.3 class descriptor, read without One Nio (the server has no serializer library), so
 * that the server keeps only records that are descriptors and whose uid One Nio itself would compute from them.
 *
 * <p>The bytes are what {@code one.nio.serial.Serializer.serialize(serializer)} writes: the bootstrap tag of the
 * serializer's kind (one-nio's {@code Repository} numbers its bootstrap serializers from -10 down, in a fixed order),
 * the class descriptor as a short UTF string, the uid, then for a {@code GeneratedSerializer} its fields (name, a
 * primitive type index or a negative byte and a type name) and for an {@code EnumSerializer} its constant names.
 * One-nio's uid ({@code Serializer.generateUid}) is the first 63 bits of the MD5 of the kind's class name (as UTF)
 * and those bytes with the uid zeroed. Only the kinds session data carries are accepted; the client refuses the
 * same set ({@code DescriptorHeader} in serializer-one-nio), so nothing a client would install is refused here.
 */
final class OneNioDescriptorFormat {

    private static final Map<Byte, String> KINDS = Map.of(
            (byte) -46, "one.nio.serial.ObjectArraySerializer",
            (byte) -47, "one.nio.serial.EnumSerializer",
            (byte) -48, "one.nio.serial.CollectionSerializer",
            (byte) -49, "one.nio.serial.MapSerializer",
            (byte) -50, "one.nio.serial.ExternalizableSerializer",
            (byte) -51, "one.nio.serial.GeneratedSerializer",
            (byte) -61, "one.nio.serial.JavaTimeSerializer");
    private static final byte GENERATED = -51;
    private static final byte ENUM = -47;
    /** One-nio encodes the nine primitive types of a field by index 0..8. */
    private static final int PRIMITIVE_TYPES = 9;
    /** One-nio writes longer strings with a four-byte length; no class or field name is that long. */
    private static final int MAX_SHORT_UTF = 0x7fff;

    private OneNioDescriptorFormat() {
    }

    /**
     * Checks that {@code descriptor}'s bytes are exactly one One Nio class descriptor of an accepted kind and that its
     * uid, both the one in the record and the one inside the bytes, is the digest of the content.
     *
     * @throws InvalidDescriptorException saying what is wrong otherwise
     */
    static void verify(ClassDescriptor descriptor) {
        byte[] data = descriptor.bytes();
        ByteBuffer in = ByteBuffer.wrap(data);
        try {
            byte tag = in.get();
            String kind = KINDS.get(tag);
            if (kind == null) {
                throw new InvalidDescriptorException("tag " + tag + " is no class descriptor session data carries");
            }
            skipUtf(in);
            int uidOffset = in.position();
            long uid = in.getLong();
            if (tag == GENERATED) {
                int fields = in.getShort() & 0xffff;
                for (int i = 0; i < fields; i++) {
                    skipUtf(in);
                    byte primitive = in.get();
                    if (primitive >= PRIMITIVE_TYPES) {
                        throw new InvalidDescriptorException("field " + i + " has primitive type index " + primitive);
                    }
                    if (primitive < 0) {
                        skipUtf(in);
                    }
                }
            } else if (tag == ENUM) {
                int constants = in.getShort() & 0xffff;
                for (int i = 0; i < constants; i++) {
                    skipUtf(in);
                }
            }
            if (in.hasRemaining()) {
                throw new InvalidDescriptorException(in.remaining() + " bytes after the descriptor");
            }
            if (uid != descriptor.uid()) {
                throw new InvalidDescriptorException("the bytes are of uid " + ClassDescriptor.uidToHex(uid));
            }
            if (digest(kind, data, uidOffset) != uid) {
                throw new InvalidDescriptorException("the uid is not the digest of the descriptor");
            }
        } catch (BufferUnderflowException e) {
            throw new InvalidDescriptorException("the descriptor is truncated");
        }
    }

    /** One-nio's uid of descriptor bytes of this kind whose uid starts at {@code uidOffset}. */
    static long digest(String kind, byte[] data, int uidOffset) {
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
        byte[] kindName = kind.getBytes(StandardCharsets.US_ASCII);
        md5.update((byte) (kindName.length >>> 8));
        md5.update((byte) kindName.length);
        md5.update(kindName);
        md5.update(data, 1, uidOffset - 1);
        md5.update(new byte[Long.BYTES]);
        md5.update(data, uidOffset + Long.BYTES, data.length - uidOffset - Long.BYTES);
        byte[] hash = md5.digest();
        long uid = hash[0] & 0x7fL;
        for (int i = 1; i < Long.BYTES; i++) {
            uid = uid << 8 | (hash[i] & 0xffL);
        }
        return uid;
    }

    private static void skipUtf(ByteBuffer in) {
        int length = in.getShort() & 0xffff;
        if (length > MAX_SHORT_UTF) {
            throw new InvalidDescriptorException("a name of more than " + MAX_SHORT_UTF + " bytes");
        }
        if (length > in.remaining()) {
            throw new BufferUnderflowException();
        }
        in.position(in.position() + length);
    }
}
