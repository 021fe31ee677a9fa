package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.MissingSchemaException;
import dev.sessiondata.serializer.SerializationException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.fory.Fory;
import org.apache.fory.context.MetaReadContext;
import org.apache.fory.context.ReadContext;
import org.apache.fory.memory.MemoryBuffer;
import org.jspecify.annotations.Nullable;

/**
 * The reader's side of {@code fory-shared}: the type definition sets this JVM knows (its own published ones and
 * those installed from peers), and per Fory instance a read context for each set it has read with (kept by the
 * instance: {@link SharedForyInstance#readContexts}).
 *
 * <p>A payload refers to the {@code i}-th definition of its set as Fory's meta share refers to the {@code i}-th
 * definition met earlier in a stream. So a set becomes, per Fory instance, a {@link MetaReadContext} that already
 * holds the set's definitions, parsed by Fory's own reader ({@code TypeResolver.readSharedClassMeta}) from the bytes
 * Fory would have read inline: the allow-list {@link org.apache.fory.resolver.TypeChecker} sees every class name
 * before its class loads, Fory checks each definition's hash, its field count and size, and its versions per class
 * ({@link ForySharedSerializer#MAX_VERSIONS_PER_CLASS}). A definition refused there (a class outside the allow-list, or
 * not on this class path) stays an empty slot: a payload that refers to it fails to read, the others read.
 *
 * <p>Bounds, counted in the definitions this JVM does not already hold, so that no writer can spend a reader's budget
 * by republishing definitions it holds (a legitimate set with its definitions repeated, under a new uid each time):
 * at most {@link #MAX_SETS} sets that each bring a definition this JVM did not hold, and at most
 * {@link #MAX_SET_BYTES} bytes of distinct definitions, are installed from peers. A set whose definitions are all held
 * already costs nothing of those; it costs a list of references to them, and at most {@link #MAX_HELD_SETS} sets are
 * held in all. The definitions of every set are kept once, however many sets name them.
 */
final class InstalledTypeDefs {

    static final int MAX_SETS = 256;
    static final long MAX_SET_BYTES = 16L << 20;
    static final int MAX_HELD_SETS = 16 * MAX_SETS;
    /** The uid of the context of self-contained payloads; a set's uid is never negative. */
    private static final long NO_SET = -1;

    /** A Fory read context that starts each read with the definitions of one set. */
    private static final class SetReadContext extends MetaReadContext implements PayloadCounter {

        final long uid;
        final int size;
        private long payloads;

        SetReadContext(long uid, int size) {
            this.uid = uid;
            this.size = size;
        }

        @Override
        public long payloads() {
            return payloads;
        }
    }

    /**
     * The read contexts of one Fory instance, by set, and the one its last read used with the {@link #removals} count
     * it was taken at: consecutive payloads of one set (the common case: one application
     * version writes them all) find it without boxing the uid or looking it up in a map.
     */
    static final class InstanceContexts {

        final SetReadContext selfContained = new SetReadContext(NO_SET, 0);
        final Map<Long, SetReadContext> bySet = new HashMap<>();
        @Nullable SetReadContext last;
        int lastRemovals;
    }

    private final String serializerId;
    private final ConcurrentMap<Long, List<byte[]>> sets = new ConcurrentHashMap<>();
    /** Every distinct definition of the sets held, with the number of sets that name it (guarded by this). */
    private final Map<Definition, Held> definitions = new HashMap<>();
    /** The peer sets that brought a definition this JVM did not hold when they were installed (guarded by this). */
    private final Set<Long> costlySets = new HashSet<>();
    private final AtomicLong installedBytes = new AtomicLong();
    /** How many sets were forgotten: a context an instance took before a removal is looked up again. */
    private volatile int removals;

    InstalledTypeDefs(String serializerId) {
        this.serializerId = serializerId;
    }

    boolean isKnown(long uid) {
        return sets.containsKey(uid);
    }

    /** A set this JVM published itself: known without counting against the bounds; its definitions are held. */
    synchronized void addOwn(long uid, List<byte[]> typeDefs) {
        if (!sets.containsKey(uid)) {
            sets.put(uid, hold(typeDefs));
        }
    }

    /**
     * A set a peer published; it costs the definitions this JVM does not hold yet.
     *
     * @throws SerializationException if the bounds are reached
     */
    synchronized void addInstalled(long uid, List<byte[]> typeDefs) {
        if (sets.containsKey(uid)) {
            return;
        }
        long newBytes = 0;
        Set<Definition> distinct = new HashSet<>();
        for (byte[] typeDef : typeDefs) {
            Definition definition = new Definition(typeDef);
            if (!definitions.containsKey(definition) && distinct.add(definition)) {
                newBytes += typeDef.length;
            }
        }
        boolean costly = !distinct.isEmpty();
        if (sets.size() >= MAX_HELD_SETS
                || costly && (costlySets.size() >= MAX_SETS || installedBytes.get() + newBytes > MAX_SET_BYTES)) {
            throw new SerializationException(serializerId, "this JVM holds " + sets.size() + " type definition "
                    + "sets, " + costlySets.size() + " of them with definitions of their own (" + installedBytes.get()
                    + " bytes of distinct definitions); at most " + MAX_SETS + " such sets, " + MAX_SET_BYTES
                    + " bytes and " + MAX_HELD_SETS + " sets in all are installed");
        }
        if (costly) {
            costlySets.add(uid);
        }
        installedBytes.addAndGet(newBytes);
        sets.put(uid, hold(typeDefs));
    }

    /** Forgets a set a peer published that this JVM cannot use at all, and the definitions only it named. */
    synchronized void remove(long uid) {
        List<byte[]> typeDefs = sets.remove(uid);
        if (typeDefs != null) {
            removals++;
            costlySets.remove(uid);
            Set<Definition> distinct = new HashSet<>();
            for (byte[] typeDef : typeDefs) {
                Definition definition = new Definition(typeDef);
                Held held = distinct.add(definition) ? definitions.get(definition) : null;
                if (held != null && --held.sets == 0) {
                    definitions.remove(definition);
                    installedBytes.addAndGet(-typeDef.length);
                }
            }
        }
    }

    /**
     * Counts the set's definitions as named by one more set, and returns them as the copies already held, so that a
     * definition is kept once however many sets name it.
     */
    private List<byte[]> hold(List<byte[]> typeDefs) {
        List<byte[]> held = new ArrayList<>(typeDefs.size());
        Set<Definition> distinct = new HashSet<>();
        for (byte[] typeDef : typeDefs) {
            Definition definition = new Definition(typeDef);
            Held kept = definitions.computeIfAbsent(definition, key -> new Held(typeDef));
            held.add(kept.bytes);
            if (distinct.add(definition)) {
                kept.sets++;
            }
        }
        return List.copyOf(held);
    }

    /** The copy of a definition kept, and how many sets name it. */
    private static final class Held {

        final byte[] bytes;
        int sets;

        Held(byte[] bytes) {
            this.bytes = bytes;
        }
    }

    /** A definition's bytes, equal to another with the same bytes. */
    private record Definition(byte[] bytes) {

        @Override
        public boolean equals(Object other) {
            return other instanceof Definition definition && Arrays.equals(bytes, definition.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Definition[" + bytes.length + " bytes]";
        }
    }

    /** Prepares {@code instance} to read a self-contained payload. */
    void prepareSelfContained(SharedForyInstance instance) {
        use(instance.fory, instance.readContexts.selfContained);
    }

    /** The uids of the sets this JVM knows. */
    List<Long> uids() {
        return List.copyOf(sets.keySet());
    }

    /**
     * Prepares {@code instance} to read a payload that refers to set {@code uid}, parsing the set on it the first time.
     *
     * @throws MissingSchemaException if this JVM does not know the set
     */
    void prepareSet(SharedForyInstance instance, long uid) {
        InstanceContexts ofInstance = instance.readContexts;
        SetReadContext context = ofInstance.last;
        int removalsNow = removals;
        if (context == null || context.uid != uid || ofInstance.lastRemovals != removalsNow) {
            List<byte[]> typeDefs = sets.get(uid);
            if (typeDefs == null) {
                throw new MissingSchemaException(serializerId, uid);
            }
            context = ofInstance.bySet.get(uid);
            if (context == null) {
                context = parse(instance.fory, uid, typeDefs, new Refusals());
                ofInstance.bySet.put(uid, context);
            }
            ofInstance.last = context;
            ofInstance.lastRemovals = removalsNow;
        }
        use(instance.fory, context);
    }

    /**
     * Parses set {@code uid} on {@code instance}, which keeps it for its reads unless Fory refused every definition,
     * and says how many of its definitions Fory refused and the first refusal, so that an installation can tell a set
     * it cannot use at all.
     */
    Refusals check(SharedForyInstance instance, long uid) {
        List<byte[]> typeDefs = sets.get(uid);
        Refusals refusals = new Refusals();
        if (typeDefs != null) {
            SetReadContext context = parse(instance.fory, uid, typeDefs, refusals);
            if (refusals.count < typeDefs.size()) {
                instance.readContexts.bySet.put(uid, context);
            }
        }
        return refusals;
    }

    /** The definitions of a set Fory could not accept, and why the first was refused. */
    static final class Refusals {

        int count;
        RuntimeException first;
    }

    private static void use(Fory instance, SetReadContext context) {
        // definitions a previous payload carried inline were added after the set's: forget them. Fory forgets an
        // external meta context after each operation, so it is set again each time.
        context.readTypeInfos.size = context.size;
        context.payloads++;
        instance.setMetaReadContext(context);
    }

    /** Lets Fory read the set's definitions as if a stream had carried them inline, one after the other. */
    private static SetReadContext parse(Fory instance, long uid, List<byte[]> typeDefs, Refusals refusals) {
        SetReadContext context = new SetReadContext(uid, typeDefs.size());
        MemoryBuffer definitions = MemoryBuffer.newHeapBuffer(64 + typeDefs.stream().mapToInt(d -> d.length + 1).sum());
        for (byte[] typeDef : typeDefs) {
            definitions.writeByte((byte) 0); // index marker: a new definition follows
            definitions.writeBytes(typeDef);
        }
        ReadContext reader = instance.getReadContext();
        instance.setMetaReadContext(context);
        try {
            reader.prepare(definitions, null, false);
            int end = 0;
            for (byte[] typeDef : typeDefs) {
                end += 1 + typeDef.length;
                int before = context.readTypeInfos.size;
                try {
                    instance.getTypeResolver().readSharedClassMeta(reader, Object.class);
                } catch (RuntimeException e) {
                    context.readTypeInfos.size = before;
                    context.readTypeInfos.add(null);
                    refusals.count++;
                    if (refusals.first == null) {
                        refusals.first = e;
                    }
                }
                definitions.readerIndex(end);
            }
        } finally {
            reader.reset();
        }
        return context;
    }
}
