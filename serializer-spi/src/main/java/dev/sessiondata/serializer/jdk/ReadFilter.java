package dev.sessiondata.serializer.jdk;

import dev.sessiondata.serializer.PrimitiveWidths;
import dev.sessiondata.serializer.ReadBudget;
import dev.sessiondata.serializer.SerializerSettings;
import java.io.ObjectInputFilter;
import java.util.Map;

/**
 * The {@link ObjectInputFilter} of one read. java.io calls it for every class, array, back-reference and for the
 * arrays JDK classes size in their own {@code readObject}, with the current depth; it admits only allow-listed classes
 * and refuses:
 * <ul>
 *   <li>nesting beyond {@code maxDepth}, more than {@code maxObjects} references, more than {@code maxPayloadBytes};</li>
 *   <li>an array longer than {@code maxArrayLength}, or longer than the bytes left can hold at its element size (a
 *       {@code long[]} of n needs 8n bytes): refused before java.io allocates it;</li>
 *   <li>more than {@code maxCollectionElements} elements of object arrays and JDK collections together;</li>
 *   <li>{@code HashMap}s and {@code HashSet}s (and their linked variants) open inside each other beyond
 *       {@code maxHashNesting}. java.io tells no filter where an object ends, but each of those announces its table
 *       ({@code Map.Entry[]}) at its own depth, and everything read at that depth or above means it has ended.</li>
 * </ul>
 * Not thread-safe; one instance per read.
 */
final class ReadFilter implements ObjectInputFilter {

    /**
     * The JDK sizes a hash table from the declared count (capacity up to ~2.7x the size, at least 16), and every
     * entry takes at least one byte of the payload.
     */
    private static final int HASH_TABLE_SLOTS_PER_BYTE = 8;
    private static final int MIN_HASH_TABLE = 16;

    private final SerializerSettings settings;
    private final ReadBudget budget;
    private final long payloadBytes;
    /** The depths of the hash-based collections being read, innermost last. */
    private final long[] openHashDepths;
    private int open;

    ReadFilter(SerializerSettings settings, ReadBudget budget, int payloadBytes) {
        this.settings = settings;
        this.budget = budget;
        this.payloadBytes = payloadBytes;
        this.openHashDepths = new long[settings.maxHashNesting()];
    }

    @Override
    public Status checkInput(FilterInfo info) {
        if (info.depth() > settings.maxDepth()
                || info.streamBytes() > settings.maxPayloadBytes()
                || info.references() > settings.maxObjects()) {
            return Status.REJECTED;
        }
        while (open > 0 && openHashDepths[open - 1] >= info.depth()) {
            open--;
            budget.exitHashed();
        }
        Class<?> serialClass = info.serialClass();
        if (serialClass == null) {
            return Status.UNDECIDED;
        }
        if (serialClass.isArray() && !arrayFits(serialClass.getComponentType(), info)) {
            return Status.REJECTED;
        }
        if (!settings.allowList().isAllowed(serialClass)) {
            return Status.REJECTED;
        }
        return Status.ALLOWED;
    }

    private boolean arrayFits(Class<?> component, FilterInfo info) {
        long length = info.arrayLength();
        if (length < 0) {
            return true; // the class of an array, not an array
        }
        if (length > settings.maxArrayLength()) {
            return false;
        }
        long bytesLeft = payloadBytes - info.streamBytes();
        if (component == Map.Entry.class) {
            // a HashMap or HashSet (or linked variant) sizing its table in its own readObject
            budget.enterHashed();
            openHashDepths[open++] = info.depth();
            budget.countElements(length);
            return length <= HASH_TABLE_SLOTS_PER_BYTE * bytesLeft + MIN_HASH_TABLE;
        }
        if (!component.isPrimitive()) {
            budget.countElements(length);
            return length <= bytesLeft; // every element is at least a one-byte null
        }
        return length * PrimitiveWidths.bytes(component) <= bytesLeft;
    }
}
