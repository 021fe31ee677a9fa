package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.PrimitiveWidths;
import dev.sessiondata.serializer.ReadBudget;
import java.util.ArrayList;
import one.nio.serial.CollectionSerializer;
import one.nio.serial.MapSerializer;
import one.nio.serial.Serializer;

/**
 * What {@link GuardedDeserializeStream} checks before an installed one-nio serializer reads, worked out once per
 * serializer (its class passed the allow-list when this was made) so that reading an object costs field reads, not
 * type tests and lookups.
 */
final class ReadGuard {

    /** What precedes the value in the payload and must be checked before one-nio allocates for it. */
    enum Length {
        /** Nothing one-nio allocates by. */
        NONE,
        /** A string's byte length, checked against {@code maxArrayLength}. */
        STRING,
        /** An element count of an array, collection or map, checked against the bytes left. */
        ELEMENTS
    }

    final Serializer<?> serializer;
    /** {@code serializer.uid()}, read without a call where guards are looked up by uid. */
    final long uid;
    final Length length;
    /** Bytes each declared element takes at least, for {@link Length#ELEMENTS}. */
    final int bytesPerElement;
    /** Whether the declared elements count against the read's {@code maxCollectionElements}. */
    final boolean countsElements;
    /** Whether rebuilding the value hashes its elements ({@link ReadBudget#isHashed}). */
    final boolean hashed;

    private ReadGuard(Serializer<?> serializer, Length length, int bytesPerElement, boolean countsElements,
            boolean hashed) {
        this.serializer = serializer;
        this.uid = serializer.uid();
        this.length = length;
        this.bytesPerElement = bytesPerElement;
        this.countsElements = countsElements;
        this.hashed = hashed;
    }

    /** The guard of a serializer whose class is allowed. */
    static ReadGuard of(Serializer<?> serializer) {
        Class<?> cls = serializer.cls();
        boolean collection = serializer instanceof CollectionSerializer;
        boolean map = serializer instanceof MapSerializer;
        boolean hashed = (collection || map) && ReadBudget.isHashed(cls);
        if (cls.isArray()) {
            Class<?> component = cls.getComponentType();
            return new ReadGuard(serializer, Length.ELEMENTS, PrimitiveWidths.bytes(component),
                    !component.isPrimitive(), hashed);
        }
        // one-nio's bootstrap serializer of ArrayList (a negative uid) is no CollectionSerializer but writes a count
        if (collection || cls == ArrayList.class && serializer.uid() < 0) {
            return new ReadGuard(serializer, Length.ELEMENTS, 1, true, hashed);
        }
        if (map) {
            return new ReadGuard(serializer, Length.ELEMENTS, 2, true, hashed);
        }
        return new ReadGuard(serializer, cls == String.class ? Length.STRING : Length.NONE, 0, false, hashed);
    }
}
