package dev.sessiondata.server.schema;

import dev.sessiondata.api.ClassDescriptor;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Well-formed One Nio descriptors for tests that need many distinct ones without One Nio: a
 * {@code GeneratedSerializer} of a class with no fields, under the uid One Nio would compute. The golden bytes in
 * {@link OneNioDescriptorFormatTest} show that this digest is One Nio's.
 */
public final class TestDescriptors {

    private static final byte GENERATED = -51;

    private TestDescriptors() {
    }

    /** The descriptor of a field-less class of this name, with its true uid. */
    public static ClassDescriptor of(String className) {
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        ByteBuffer bytes = ByteBuffer.allocate(1 + 2 + name.length + Long.BYTES + 2);
        bytes.put(GENERATED).putShort((short) name.length).put(name);
        int uidOffset = bytes.position();
        bytes.putLong(0).putShort((short) 0);
        byte[] data = bytes.array();
        long uid = OneNioDescriptorFormat.digest("one.nio.serial.GeneratedSerializer", data, uidOffset);
        ByteBuffer.wrap(data).putLong(uidOffset, uid);
        return new ClassDescriptor(uid, data);
    }
}
