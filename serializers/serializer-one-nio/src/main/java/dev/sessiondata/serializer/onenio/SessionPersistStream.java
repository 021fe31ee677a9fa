package dev.sessiondata.serializer.onenio;

import java.io.IOException;
import one.nio.serial.PersistStream;
import one.nio.serial.Serializer;

/**
 * One-nio's persist mode, except that a value of a class this library serializes itself ({@link BigNumberSerializer})
 * is written by uid, as compact mode does, instead of with an inline descriptor of our serializer: every reader of
 * this library registers those uids at start, and one-nio's inline form of a custom serializer would embed a
 * descriptor of the serializer's own class, which readers rightly refuse.
 */
final class SessionPersistStream extends PersistStream {

    @Override
    @SuppressWarnings("unchecked")
    public void writeObject(Object obj) throws IOException {
        Serializer<Object> own = obj == null ? null : (Serializer<Object>) BigNumberSerializer.of(obj.getClass());
        if (own == null) {
            super.writeObject(obj);
            return;
        }
        int index = context.indexOf(obj);
        if (index < 0) {
            writeLong(own.uid());
            context.put(obj);
            own.write(obj, this);
        } else if (index <= 0xffff) {
            writeByte(REF_RECURSIVE);
            writeShort(index);
        } else {
            writeByte(REF_RECURSIVE2);
            writeInt(index);
        }
    }
}
