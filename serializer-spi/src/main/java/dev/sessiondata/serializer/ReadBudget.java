package dev.sessiondata.serializer;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import org.jspecify.annotations.Nullable;

/**
 * The work one read may do, counted where each library creates objects and collections, so that no payload can make
 * a reader spend unbounded time: hash-based collections open inside each other ({@link
 * SerializerSettings#maxHashNesting()}), objects ({@link SerializerSettings#maxObjects()}) and collection elements
 * ({@link SerializerSettings#maxCollectionElements()}).
 *
 * <p>Why hash nesting: rebuilding a {@code HashSet} or {@code HashMap} hashes every element, and the hash code of a
 * collection walks everything below it. With shared references a payload linear in size nests sets whose hash codes
 * take 2<sup>depth</sup> steps ("SerialDOS"); bounding how many hash-based collections are open at once bounds that
 * exponent; a back-reference inside a hash-based collection is charged what hashing it walks
 * ({@link #countSharedReference}); and the totals are the backstop for everything else.
 *
 * <p>{@link AbstractSessionSerializer} opens one budget per read on the reading thread; a library hook finds it with
 * {@link #current()}. Not thread-safe: one read, one thread.
 */
public final class ReadBudget {

    private static final ThreadLocal<ReadBudget> CURRENT = new ThreadLocal<>();

    /** Whether a class hashes its elements or keys when it is rebuilt; remembered per class. */
    private static final ClassValue<Boolean> HASHED = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            boolean setOrMap = Set.class.isAssignableFrom(type) || Map.class.isAssignableFrom(type);
            return setOrMap && !SortedSet.class.isAssignableFrom(type) && !SortedMap.class.isAssignableFrom(type)
                    && !EnumSet.class.isAssignableFrom(type) && !EnumMap.class.isAssignableFrom(type)
                    && !IdentityHashMap.class.isAssignableFrom(type);
        }
    };

    private int maxHashNesting;
    private long maxObjects;
    private long maxCollectionElements;
    /** Whether a read is using this budget; a thread keeps its budget for its next read when it is done. */
    private boolean open;
    /** The budget of the read this one is nested in, given back to the thread when this one closes. */
    private @Nullable ReadBudget enclosing;
    private int hashNesting;
    private long objects;
    private long elements;
    /**
     * The class of the last back-reference that was no collection or map. Most back-references are strings, and
     * {@code instanceof Collection} of a class that is none scans its interfaces every time; in a one-nio read of
     * 100 KB that scan was 7 % of the round trip.
     */
    private @Nullable Class<?> lastLeaf;

    private ReadBudget() {
    }

    /**
     * Opens a budget for one read on this thread; give it to {@link #close} when the read is done. The thread's budget
     * is reset and reused (one thread-local lookup, no allocation per read: the allocation and the second lookup to
     * set a new budget were 2-3 % of the CPU time of a 0 B round trip); a read nested in another gets a new one.
     */
    static ReadBudget open(SerializerSettings settings) {
        ReadBudget kept = CURRENT.get();
        ReadBudget budget = kept;
        if (kept == null || kept.open) {
            budget = new ReadBudget();
            budget.enclosing = kept;
            CURRENT.set(budget);
        }
        budget.maxHashNesting = settings.maxHashNesting();
        budget.maxObjects = settings.maxObjects();
        budget.maxCollectionElements = settings.maxCollectionElements();
        budget.hashNesting = 0;
        budget.objects = 0;
        budget.elements = 0;
        budget.lastLeaf = null;
        budget.open = true;
        return budget;
    }

    /** Ends this thread's read, giving the thread back the budget of an enclosing read if there was one. */
    static void close(ReadBudget budget) {
        budget.open = false;
        budget.lastLeaf = null; // kept by the thread: holds no class between reads
        if (budget.enclosing != null) {
            CURRENT.set(budget.enclosing);
            budget.enclosing = null;
        }
    }

    /**
     * The budget of the read running on this thread.
     *
     * @throws IllegalStateException outside {@link SessionSerializer#deserialize}
     */
    public static ReadBudget current() {
        ReadBudget budget = CURRENT.get();
        if (budget == null || !budget.open) {
            throw new IllegalStateException("no read in progress on this thread");
        }
        return budget;
    }

    /**
     * Whether instances of {@code type} hash what they hold when rebuilt: every {@code Set} and {@code Map} but the
     * sorted, enum and identity ones.
     */
    public static boolean isHashed(Class<?> type) {
        return HASHED.get(type);
    }

    /** A hash-based collection starts to be read; pair with {@link #exitHashed()}. */
    public void enterHashed() {
        if (hashNesting == maxHashNesting) {
            throw new SerializationException("hash-based collections nested more than "
                    + maxHashNesting + " deep (SerializerSettings.maxHashNesting)");
        }
        hashNesting++;
    }

    /** The hash-based collection last entered is read. */
    public void exitHashed() {
        hashNesting--;
    }

    /** Whether a hash-based collection is being read, so that what is read now may be hashed. */
    public boolean insideHashed() {
        return hashNesting > 0;
    }

    /**
     * A back-reference read inside a hash-based collection: hashing it walks everything it holds, as often as it is
     * referred to, so a list repeating a shared list nested {@code n} deep costs 2<sup>n</sup> to hash though it is
     * a few bytes. Its deep element count (what {@code hashCode} walks through JDK collections and maps) is counted
     * against {@code maxCollectionElements}, walking no further than the budget left. Does nothing outside a
     * hash-based collection, or for a target that is no collection or map (arrays hash by identity; application
     * classes' own {@code hashCode} is theirs).
     */
    public void countSharedReference(@Nullable Object target) {
        if (hashNesting == 0 || target == null || target.getClass() == lastLeaf) {
            return;
        }
        if (!(target instanceof Collection<?> || target instanceof Map<?, ?>)) {
            lastLeaf = target.getClass();
            return;
        }
        Deque<Object> pending = new ArrayDeque<>();
        pending.push(target);
        while (!pending.isEmpty()) {
            Object next = pending.pop();
            Iterable<?> items = next instanceof Map<?, ?> map ? map.entrySet() : (Collection<?>) next;
            for (Object item : items) {
                countElements(1);
                if (item instanceof Map.Entry<?, ?> entry) {
                    pushContainer(pending, entry.getKey());
                    pushContainer(pending, entry.getValue());
                } else {
                    pushContainer(pending, item);
                }
            }
        }
    }

    private static void pushContainer(Deque<Object> pending, @Nullable Object item) {
        if (item instanceof Collection<?> || item instanceof Map<?, ?>) {
            pending.push(item);
        }
    }

    /** Counts one object read (a back-reference counts too: the work of reading it is done again by its readers). */
    public void countObject() {
        if (++objects > maxObjects) {
            throw new SerializationException("more than " + maxObjects
                    + " objects in one payload (SerializerSettings.maxObjects)");
        }
    }

    /** Counts the declared elements (or entries) of one collection, map or object array about to be read. */
    public void countElements(long count) {
        elements += Math.max(0, count);
        if (elements > maxCollectionElements) {
            throw new SerializationException("more than " + maxCollectionElements
                    + " collection elements in one payload (SerializerSettings.maxCollectionElements)");
        }
    }
}
