package dev.sessiondata.bench.legacy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * The floor: {@link LegacyObject} written field by field into a {@link ByteBuffer}, as one would by hand. No type
 * information, no versioning, no checks beyond what decoding needs: what a generic serializer could at best be.
 */
public final class HandWrittenCodec {

    /** How the report names this codec beside the serializer ids. */
    public static final String ID = "hand-written";

    private static final int NULL = -1;

    private HandWrittenCodec() {
    }

    public static byte[] encode(LegacyObject object) {
        long[] values = object.getValues();
        byte[] name = utf8(object.getName());
        byte[] missing = utf8(object.getMissing());
        int size = Long.BYTES + Integer.BYTES + (values == null ? 0 : values.length * Long.BYTES)
                + Integer.BYTES + (name == null ? 0 : name.length) + Integer.BYTES + (missing == null ? 0 : missing.length);
        ByteBuffer buffer = ByteBuffer.allocate(size);
        buffer.putLong(object.getId());
        if (values == null) {
            buffer.putInt(NULL);
        } else {
            buffer.putInt(values.length);
            for (long value : values) {
                buffer.putLong(value);
            }
        }
        putBytes(buffer, name);
        putBytes(buffer, missing);
        return buffer.array();
    }

    public static LegacyObject decode(byte[] data) {
        ByteBuffer buffer = ByteBuffer.wrap(data);
        LegacyObject object = new LegacyObject();
        object.setId(buffer.getLong());
        int count = buffer.getInt();
        if (count != NULL) {
            long[] values = new long[count];
            for (int i = 0; i < count; i++) {
                values[i] = buffer.getLong();
            }
            object.setValues(values);
        }
        object.setName(getString(buffer));
        object.setMissing(getString(buffer));
        return object;
    }

    private static byte @Nullable [] utf8(@Nullable String value) {
        return value == null ? null : value.getBytes(StandardCharsets.UTF_8);
    }

    private static void putBytes(ByteBuffer buffer, byte @Nullable [] bytes) {
        if (bytes == null) {
            buffer.putInt(NULL);
        } else {
            buffer.putInt(bytes.length);
            buffer.put(bytes);
        }
    }

    private static @Nullable String getString(ByteBuffer buffer) {
        int length = buffer.getInt();
        if (length == NULL) {
            return null;
        }
        String value = new String(buffer.array(), buffer.position(), length, StandardCharsets.UTF_8);
        buffer.position(buffer.position() + length);
        return value;
    }
}
