package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.PrimitiveWidths;
import dev.sessiondata.serializer.ReadBudget;
import java.util.ArrayList;
import java.util.Set;
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
    /**
     * How a read of the value is routed, so that the common case costs one comparison: {@link #PLAIN_LEAF},
     * {@link #STRING_LEAF} or {@link #CHECKED}.
     */
    final int route;

    /** A value that holds no other object and has no length to check: a boxed primitive, a date, a time, an enum. */
    static final int PLAIN_LEAF = 0;
    /** A string: holds no other object; its length is checked only where maxArrayLength is below the payload's size. */
    static final int STRING_LEAF = 1;
    /** Anything else: may hold other objects (it counts towards the nesting depth), or has a length to check. */
    static final int CHECKED = 2;

    /**
     * One-nio's serializers (and ours) that read a value without reading any other object through the stream: their
     * values cannot nest, so they need not count towards the nesting depth, which bounds recursion.
     */
    private static final Set<String> LEAF_SERIALIZERS = Set.of("one.nio.serial.StringSerializer",
            "one.nio.serial.BooleanSerializer", "one.nio.serial.ByteSerializer", "one.nio.serial.CharacterSerializer",
            "one.nio.serial.ShortSerializer", "one.nio.serial.IntegerSerializer", "one.nio.serial.LongSerializer",
            "one.nio.serial.FloatSerializer", "one.nio.serial.DoubleSerializer", "one.nio.serial.EnumSerializer",
            "one.nio.serial.JavaTimeSerializer", "one.nio.serial.DateSerializer", "one.nio.serial.TimestampSerializer",
            BigNumberSerializer.class.getName());

    private ReadGuard(Serializer<?> serializer, Length length, int bytesPerElement, boolean countsElements,
            boolean hashed) {
        this.serializer = serializer;
        this.uid = serializer.uid();
        this.length = length;
        this.bytesPerElement = bytesPerElement;
        this.countsElements = countsElements;
        this.hashed = hashed;
        boolean leaf = LEAF_SERIALIZERS.contains(serializer.getClass().getName());
        this.route = !leaf ? CHECKED : length == Length.STRING ? STRING_LEAF
                : length == Length.NONE ? PLAIN_LEAF : CHECKED;
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
