package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.ClassAllowList;
import one.nio.serial.Serializer;

/**
 * The {@link ReadGuard} of every installed one-nio serializer this reader has met, so that the allow-list is asked
 * once per installed serializer, not once per object or per read. One per {@link OneNioSessionSerializer} (its
 * allow-list), shared by its threads: lookups read an immutable table without locking, a miss copies it.
 *
 * <p>Keyed by the serializer object, not its uid or class: one-nio may replace the serializer of a uid (a descriptor
 * installed again), and the replacement gets a guard of its own. A refused class gets no entry, so it is refused
 * again on every attempt. The table holds at most one entry per serializer one-nio's repository has held, which the
 * schema records and inline descriptors a reader accepts already bound.
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

    /** The guard of the bootstrap serializer one-nio has for {@code tag} (negative) now. */
    ReadGuard ofBootstrap(byte tag, Serializer<?> serializer) {
        ReadGuard guard = bootstrap[-tag];
        if (guard == null || guard.serializer != serializer) {
            guard = of(serializer);
            bootstrap[-tag] = guard;
        }
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
        long uid = serializer.uid();
        int hash = (int) (uid ^ (uid >>> 32));
        return (hash ^ (hash >>> 16)) & mask;
    }
}
