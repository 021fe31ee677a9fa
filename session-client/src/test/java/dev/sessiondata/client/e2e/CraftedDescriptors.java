package dev.sessiondata.client.e2e;

import dev.sessiondata.api.ClassDescriptor;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One Nio descriptors an attacker with a read-write token can make: well-formed and under the uid one-nio computes
 * (first 63 bits of the MD5 of the serializer kind's name and the bytes with the uid zeroed), so the server takes
 * them. A second copy of the digest on purpose: the test must not trust the code under test to compute it.
 */
final class CraftedDescriptors {

    private static final String GENERATED = "one.nio.serial.GeneratedSerializer";

    private CraftedDescriptors() {
    }

    /**
     * Another version of a {@code GeneratedSerializer} descriptor: its first field renamed at random (same length),
     * under the new content's true uid. One-nio would install it as one more serializer of the same allowed class.
     */
    static ClassDescriptor variantOf(ClassDescriptor generated) {
        byte[] data = generated.bytes();
        int nameLength = ByteBuffer.wrap(data).getShort(1) & 0xffff;
        int uidOffset = 3 + nameLength;
        int fieldNameLength = ByteBuffer.wrap(data).getShort(uidOffset + 10) & 0xffff;
        for (int i = 0; i < fieldNameLength; i++) {
            data[uidOffset + 12 + i] = (byte) ('a' + ThreadLocalRandom.current().nextInt(26));
        }
        return withTrueUid(data, uidOffset);
    }

    /** A descriptor of a class without fields, of this name. */
    static ClassDescriptor fieldLess(String className) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        ByteBuffer bytes = ByteBuffer.allocate(3 + name.length + Long.BYTES + 2);
        bytes.put((byte) -51).putShort((short) name.length).put(name).putLong(0).putShort((short) 0);
        return withTrueUid(bytes.array(), 3 + name.length);
    }

    private static ClassDescriptor withTrueUid(byte[] data, int uidOffset) {
        ByteBuffer.wrap(data).putLong(uidOffset, 0);
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        md5.update(new byte[] {0, (byte) GENERATED.length()});
        md5.update(GENERATED.getBytes(StandardCharsets.US_ASCII));
        md5.update(data, 1, data.length - 1);
        long uid = ByteBuffer.wrap(md5.digest()).getLong() & Long.MAX_VALUE;
        ByteBuffer.wrap(data).putLong(uidOffset, uid);
        return new ClassDescriptor(uid, data);
    }
}
