package dev.sessiondata.api;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of {@code application/vnd.sessiondata.one-nio-descriptors}: a batch of {@link ClassDescriptor}s.
 *
 * <p>Big-endian: an {@code int} count, then per descriptor a {@code long} uid, an {@code int} length and that many
 * descriptor bytes. The framing lets the server key descriptors by uid without understanding (or loading) them.
 */
public final class DescriptorBatch {

    /** More descriptors than any application's session graph has classes. */
    public static final int MAX_DESCRIPTORS = 65_536;
    /** One descriptor names a class and its fields; far below this. */
    public static final int MAX_DESCRIPTOR_BYTES = 1 << 20;

    private DescriptorBatch() {
    }

    public static byte[] encode(List<ClassDescriptor> descriptors) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + descriptors.size() * 256);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(descriptors.size());
            for (ClassDescriptor descriptor : descriptors) {
                byte[] body = descriptor.bytes();
                out.writeLong(descriptor.uid());
                out.writeInt(body.length);
                out.write(body);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * Decodes a batch; an {@link IllegalArgumentException} that says what is wrong for anything malformed, too large,
     * or with bytes left over.
     */
    public static List<ClassDescriptor> decode(byte[] data) {
        ByteBuffer in = ByteBuffer.wrap(data);
        try {
            int count = in.getInt();
            if (count < 0 || count > MAX_DESCRIPTORS) {
                throw new IllegalArgumentException("descriptor count " + count + " is not within 0.." + MAX_DESCRIPTORS);
            }
            List<ClassDescriptor> descriptors = new ArrayList<>(Math.min(count, in.remaining() / 12));
            for (int i = 0; i < count; i++) {
                long uid = in.getLong();
                int length = in.getInt();
                if (length < 1 || length > MAX_DESCRIPTOR_BYTES || length > in.remaining()) {
                    throw new IllegalArgumentException("descriptor " + i + " claims " + length + " bytes; "
                            + in.remaining() + " remain (at most " + MAX_DESCRIPTOR_BYTES + ")");
                }
                byte[] body = new byte[length];
                in.get(body);
                descriptors.add(new ClassDescriptor(uid, body));
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " bytes after the last descriptor");
            }
            return List.copyOf(descriptors);
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("descriptor batch is truncated", e);
        }
    }
}
