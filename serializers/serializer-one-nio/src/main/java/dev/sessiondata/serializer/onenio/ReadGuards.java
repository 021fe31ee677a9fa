package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.ClassAllowList;
import one.nio.serial.Serializer;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ReadGuard} of every installed one-nio serializer this reader has met, so that the allow-list is asked
 * once per installed serializer, not once per object or per read. One per {@link OneNioSessionSerializer} (its
 * allow-list), shared by its threads: lookups read an immutable table without locking, a miss copies it.
 *
 * <p>Added by the serializer object: one-nio may replace the serializer of a uid (a descriptor installed again), and
 * the replacement gets a guard of its own. Found, while reading, by uid or bootstrap tag ({@link #ofUid},
 * {@link #ofBootstrap}), without asking one-nio's repository each time. A refused class gets no entry, so it is
 * refused again on every attempt. The table holds at most one entry per serializer one-nio's repository has held,
 * which the schema records and inline descriptors a reader accepts already bound.
 */
final class ReadGuards {

    private static final int INITIAL_CAPACITY = 64;

    private final ClassAllowList allowList;
    /**
     * The guards of one-nio's bootstrap serializers by tag (String, the boxed primitives, the common collections:
     * most objects of a session), so that those cost an array load instead of a hash probe. Written racily: a
     * guard's fields are final, so a thread sees a whole guard or none, and at worst works one out again.
     */
    private final ReadGuard[] bootstrap = new ReadGuard[129];
    /** Open addressing by the uid's hash, at most half full; replaced, never changed, once published. */
    private volatile ReadGuard[] table = new ReadGuard[INITIAL_CAPACITY];
    private int size;

    ReadGuards(ClassAllowList allowList) {
        this.allowList = allowList;
    }

    /**
     * The guard of {@code serializer}.
     *
     * @throws dev.sessiondata.serializer.SerializationException if its class is outside the allow-list
     */
    ReadGuard of(Serializer<?> serializer) {
        ReadGuard[] snapshot = table;
        int mask = snapshot.length - 1;
        for (int i = slot(serializer, mask); ; i = (i + 1) & mask) {
            ReadGuard guard = snapshot[i];
            if (guard == null) {
                return add(serializer);
            }
            if (guard.serializer == serializer) {
                return guard;
            }
        }
    }

    /**
     * The guard of the serializer one-nio holds for {@code uid}, once this reader has met it; null before (ask
     * {@link #of} with one-nio's serializer then). Found by the uid alone, without one-nio's repository: its look-up
     * (a {@code ConcurrentHashMap} of boxed uids) was a fifth of a guarded 1 KB read, and the raw read pays it too,
     * so skipping it pays for the guards. Safe because a uid names one class for the JVM's life (one-nio refuses to
     * let another class take a uid) and every check of a guard depends only on that class and its serializer's
     * kind; a serializer one-nio replaced for the same uid (a descriptor installed again) was generated from the
     * same descriptor, so either reads the same bytes the same way. One thing this reader no longer sees: a uid an
     * application takes out of one-nio's repository ({@code Repository.removeSerializer}, which neither one-nio nor
     * this project calls) stays readable here once met; its class passed the allow-list when it was.
     */
    @Nullable ReadGuard ofUid(long uid) {
        ReadGuard[] snapshot = table;
        int mask = snapshot.length - 1;
        for (int i = slot(uid, mask); ; i = (i + 1) & mask) {
            ReadGuard guard = snapshot[i];
            if (guard == null || guard.uid == uid) {
                return guard;
            }
        }
    }

    /**
     * The guard of the bootstrap serializer for {@code tag} (negative), once this reader has met it; null before
     * (give it one-nio's serializer with {@link #addBootstrap} then). Not checked against one-nio's table on every
     * object, for the reason {@link #ofUid} gives: a tag is a uid.
     */
    @Nullable ReadGuard ofBootstrap(byte tag) {
        return bootstrap[-tag];
    }

    /** The guard of {@code serializer}, one-nio's bootstrap serializer for {@code tag}, kept for that tag. */
    ReadGuard addBootstrap(byte tag, Serializer<?> serializer) {
        ReadGuard guard = of(serializer);
        bootstrap[-tag] = guard;
        return guard;
    }

    private synchronized ReadGuard add(Serializer<?> serializer) {
        ReadGuard[] current = table;
        for (int i = slot(serializer, current.length - 1); current[i] != null; i = (i + 1) & (current.length - 1)) {
            if (current[i].serializer == serializer) {
                return current[i]; // another thread added it since the caller's snapshot
            }
        }
        allowList.check(serializer.cls());
        ReadGuard guard = ReadGuard.of(serializer);
        int capacity = 2 * (size + 1) > current.length ? 2 * current.length : current.length;
        ReadGuard[] next = new ReadGuard[capacity];
        for (ReadGuard existing : current) {
            if (existing != null) {
                insert(next, existing);
            }
        }
        insert(next, guard);
        size++;
        table = next;
        return guard;
    }

    private static void insert(ReadGuard[] into, ReadGuard guard) {
        int mask = into.length - 1;
        int i = slot(guard.serializer, mask);
        while (into[i] != null) {
            i = (i + 1) & mask;
        }
        into[i] = guard;
    }

    private static int slot(Serializer<?> serializer, int mask) {
        return slot(serializer.uid(), mask);
    }

    private static int slot(long uid, int mask) {
        int hash = (int) (uid ^ (uid >>> 32));
        return (hash ^ (hash >>> 16)) & mask;
    }
}
