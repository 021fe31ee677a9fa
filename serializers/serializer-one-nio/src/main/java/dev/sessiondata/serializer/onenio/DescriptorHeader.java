package dev.sessiondata.serializer.onenio;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import one.nio.serial.CollectionSerializer;
import one.nio.serial.EnumSerializer;
import one.nio.serial.ExternalizableSerializer;
import one.nio.serial.GeneratedSerializer;
import one.nio.serial.JavaTimeSerializer;
import one.nio.serial.MapSerializer;
import one.nio.serial.ObjectArraySerializer;
import one.nio.serial.Repository;
import one.nio.serial.Serializer;
import one.nio.util.Utf8;

/**
 * A serialized one-nio serializer (a class descriptor), read by us without letting one-nio resolve or generate
 * anything: which kind of serializer it is, its uid, the class it describes and the declared types of its fields.
 *
 * <p>Layout, as one-nio writes it: the bootstrap tag of the serializer's kind, the class descriptor as UTF
 * ({@code Name} or {@code New|Old} for a renamed class), the uid, then for a {@code GeneratedSerializer} its fields
 * (name, then a primitive index or -1 and a type descriptor) and for an {@code EnumSerializer} its constant names.
 * Other kinds accepted here have no body. Every other kind (serializers of methods, of serializers, of remote
 * calls...) is refused: session data never needs them.
 */
record DescriptorHeader(Class<?> kind, long uid, List<String> classNames, List<String> fieldTypes, int start,
        int length) {

    private static final Set<Class<?>> KINDS = Set.of(GeneratedSerializer.class, EnumSerializer.class,
            CollectionSerializer.class, MapSerializer.class, ObjectArraySerializer.class,
            ExternalizableSerializer.class, JavaTimeSerializer.class);
    /** One-nio's tags of its own bootstrap serializers are the bytes -10 down to -128. */
    private static final byte FIRST_BOOTSTRAP_TAG = -10;
    /** The number of primitive types one-nio encodes by index in a field's type. */
    private static final int PRIMITIVE_TYPES = 9;

    /**
     * Reads the descriptor that starts at {@code data[start]} and ends at or before {@code end}.
     *
     * @throws IllegalArgumentException if the bytes are not a descriptor of an accepted kind
     */
    static DescriptorHeader read(byte[] data, int start, int end) {
        ByteBuffer in = ByteBuffer.wrap(data, start, end - start);
        try {
            byte tag = in.get();
            Serializer<?> bootstrap = tag <= FIRST_BOOTSTRAP_TAG ? Repository.requestBootstrapSerializer(tag) : null;
            Class<?> kind = bootstrap == null ? null : bootstrap.cls();
            if (kind == null || !KINDS.contains(kind)) {
                throw new IllegalArgumentException("tag " + tag + " is no class descriptor session data carries");
            }
            String descriptor = utf(data, in);
            long uid = in.getLong();
            List<String> fieldTypes = new ArrayList<>();
            if (kind == GeneratedSerializer.class) {
                int fields = in.getShort() & 0xffff;
                for (int i = 0; i < fields; i++) {
                    skipUtf(in);
                    int primitive = in.get();
                    if (primitive >= PRIMITIVE_TYPES) {
                        throw new IllegalArgumentException("field " + i + " has primitive type index " + primitive);
                    }
                    if (primitive < 0) {
                        fieldTypes.add(utf(data, in));
                    }
                }
            } else if (kind == EnumSerializer.class) {
                int constants = in.getShort() & 0xffff;
                for (int i = 0; i < constants; i++) {
                    skipUtf(in);
                }
            }
            List<String> classNames = List.of(descriptor.split("\\|", 2));
            return new DescriptorHeader(kind, uid, classNames, List.copyOf(fieldTypes), start, in.position() - start);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("class descriptor is truncated", e);
        }
    }

    /** The class this descriptor describes, as one-nio names it ({@code New|Old} for a renamed class). */
    String className() {
        return String.join("|", classNames);
    }

    /**
     * Whether the uid is the one one-nio computes from the descriptor's content (the first 63 bits of the MD5 of the
     * serializer kind's name and the descriptor with its uid zeroed), so that a payload cannot register one class
     * under ever new uids, and a corrupted descriptor is not mistaken for a new class.
     */
    boolean uidMatchesContent(byte[] data) {
        return contentUid(data) == uid;
    }

    /** The uid one-nio computes from the descriptor's content in {@code data}, whatever uid it carries. */
    long contentUid(byte[] data) {
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
        byte[] kindName = kind.getName().getBytes(StandardCharsets.UTF_8);
        md5.update((byte) (kindName.length >>> 8));
        md5.update((byte) kindName.length);
        md5.update(kindName);
        int uidOffset = start + 1 + 2 + (data[start + 1] & 0xff) * 256 + (data[start + 2] & 0xff);
        md5.update(data, start + 1, uidOffset - start - 1);
        md5.update(new byte[Long.BYTES]);
        md5.update(data, uidOffset + Long.BYTES, start + length - uidOffset - Long.BYTES);
        byte[] digest = md5.digest();
        long computed = digest[0] & 0x7fL;
        for (int i = 1; i < Long.BYTES; i++) {
            computed = computed << 8 | (digest[i] & 0xffL);
        }
        return computed;
    }

    /** A short-length UTF string, decoded as one-nio decodes it; longer ones are no class or field name. */
    private static String utf(byte[] data, ByteBuffer in) {
        int length = utfLength(in);
        int position = in.position();
        in.position(position + length);
        return Utf8.read(data, position, length);
    }

    private static void skipUtf(ByteBuffer in) {
        int length = utfLength(in);
        in.position(in.position() + length);
    }

    private static int utfLength(ByteBuffer in) {
        int length = in.getShort() & 0xffff;
        if (length > 0x7fff) {
            throw new IllegalArgumentException("a name of more than 32767 bytes");
        }
        if (length > in.remaining()) {
            throw new BufferUnderflowException();
        }
        return length;
    }
}
