package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;

/**
 * Checks a length declared in a payload before Kryo allocates by it. Kryo 5.6 allocates arrays, strings and
 * collection capacities by the declared length before it reads a single element, so a corrupt varint would otherwise
 * ask for gigabytes. Our inputs always wrap the whole payload, so the unread bytes are known exactly.
 */
record ReadLimits(int maxLength) {

    /**
     * A declared count of elements that each take at least one byte: at most {@code maxLength} and at most the unread
     * bytes, else the payload is corrupt.
     */
    int elements(Input input, int declared) {
        return elements(declared, input.limit() - input.position());
    }

    private int elements(int declared, int unread) {
        checkMaximum(declared);
        if (declared > unread) {
            throw new KryoException("declared length " + declared + " exceeds the " + unread + " unread bytes");
        }
        return declared;
    }

    /**
     * A declared collection size as an initial capacity. Elements may take no bytes at all (Kryo writes a collection
     * of nulls as its size alone), so the size is refused only beyond {@code maxLength}; the capacity it allocates is
     * capped by the unread bytes and the collection grows as elements are actually read.
     */
    int capacity(Input input, int declared) {
        checkMaximum(declared);
        return Math.min(declared, input.limit() - input.position());
    }

    /** Checks the length of the UTF-8 string at the input's position, leaving the position where it was. */
    void checkString(Input input) {
        int start = input.position();
        if (start == input.limit()) {
            return; // empty input fails in Kryo
        }
        int first = input.getBuffer()[start];
        if ((first & 0x80) == 0) {
            return; // ASCII strings grow their buffer only as bytes are read
        }
        if ((first & 0x40) == 0) {
            // the common short string: its length is this one byte, so check it without moving the position
            elements((first & 0x3F) - 1, input.limit() - start - 1);
            return;
        }
        int declared = input.readVarIntFlag(true) - 1; // 0 is null, 1 is "", n is n - 1 chars
        try {
            elements(input, declared);
        } finally {
            input.setPosition(start);
        }
    }

    private void checkMaximum(int declared) {
        if (declared < 0 || declared > maxLength) {
            throw new KryoException("declared length " + declared + " is outside 0.." + maxLength
                    + " (SerializerSettings.maxArrayLength)");
        }
    }
}
