package dev.sessiondata.serializer.onenio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import one.nio.serial.PersistStream;
import one.nio.serial.Repository;
import one.nio.serial.SerializationContext;
import one.nio.serial.Serializer;
import org.jspecify.annotations.Nullable;

/**
 * Writes one payload in one pass, into a buffer that grows, byte for byte what one-nio's own writers write.
 *
 * <p>One-nio's {@code Serializer.serialize} walks the graph twice, once to size the array and once to fill it, and
 * its identity table grows from 64 entries on every call; with the UTF-8 length of every string computed in both
 * passes, the sizing pass was half of a one-nio write of the 10 KB session (JFR). Here the caller passes the size and
 * table capacity of its previous payload as hints ({@link #SessionWriteStream(boolean, int, int)}), and a string of
 * ASCII characters is copied as the bytes the JDK encodes, instead of one-nio's char by char encoder.
 *
 * <p>Compact mode ({@code inlineDescriptors} false) writes every class as its uid, as one-nio's {@code
 * SerializeStream} does. Persist mode writes each class's descriptor inline ({@link PersistStream}), except for a
 * class this library serializes itself ({@link BigNumberSerializer}), written by uid: every reader of this library
 * registers those uids at start, and one-nio's inline form of a custom serializer would embed a descriptor of the
 * serializer's own class, which readers rightly refuse.
 */
final class SessionWriteStream extends PersistStream {

    private final boolean inlineDescriptors;
    /**
     * The class last written and the serializer {@link #byUid} found for it: runs of one class (the strings of a map
     * or list) then cost a comparison each instead of a lookup in one-nio's repository, which was a tenth of a write.
     */
    private @Nullable Class<?> lastType;
    private @Nullable Serializer<Object> lastByUid;

    /**
     * {@code expectedBytes} and {@code expectedObjects}: what the previous payload needed (a buffer of that size, an
     * identity table of that capacity); any value works, a close one saves the copies of growing.
     */
    SessionWriteStream(boolean inlineDescriptors, int expectedBytes, int expectedObjects) {
        super(Math.max(expectedBytes, 16));
        this.inlineDescriptors = inlineDescriptors;
        if (expectedObjects > SerializationContext.INITIAL_CAPACITY) {
            context = new SerializationContext(Integer.highestOneBit(expectedObjects));
        }
    }

    /** The capacity the identity table grew to, a hint for the next payload. */
    int contextCapacity() {
        return context.capacity();
    }

    @Override
    public byte[] toByteArray() {
        return count() == array.length ? array : Arrays.copyOf(array, count());
    }

    @Override
    public void writeObject(@Nullable Object obj) throws IOException {
        if (obj == null) {
            writeByte(REF_NULL);
            return;
        }
        Serializer<Object> byUid = byUid(obj.getClass());
        if (byUid == null) {
            super.writeObject(obj);
            return;
        }
        int index = context.put(obj);
        if (index < 0) {
            if (byUid.uid() < 0) {
                writeByte((byte) byUid.uid());
            } else {
                writeLong(byUid.uid());
            }
            byUid.write(obj, this);
        } else if (index <= 0xffff) {
            writeByte(REF_RECURSIVE);
            writeShort(index);
        } else {
            writeByte(REF_RECURSIVE2);
            writeInt(index);
        }
    }

    @SuppressWarnings("unchecked")
    private @Nullable Serializer<Object> byUid(Class<?> type) {
        if (type != lastType) {
            lastByUid = (Serializer<Object>) (inlineDescriptors ? BigNumberSerializer.of(type) : Repository.get(type));
            lastType = type;
        }
        return lastByUid;
    }

    /**
     * One-nio's modified UTF-8 (a char 0 and supplementary characters differ from standard UTF-8): for a string of
     * ASCII characters but 0 it is the string's chars as bytes, which the JDK copies out of a compact string. The
     * JDK's UTF-8 has as many bytes as chars only for ASCII, or where it replaced an unpaired surrogate by '?', which
     * the comparison with the string refuses; anything else is left to one-nio's encoder.
     */
    @Override
    public void writeUTF(String s) throws IOException {
        byte[] ascii = s.getBytes(StandardCharsets.UTF_8);
        if (ascii.length != s.length() || s.indexOf(0) >= 0
                || !s.equals(new String(ascii, StandardCharsets.ISO_8859_1))) {
            super.writeUTF(s);
            return;
        }
        if (ascii.length <= 0x7fff) {
            writeShort(ascii.length);
        } else {
            writeInt(ascii.length | 0x80000000);
        }
        write(ascii);
    }
}
