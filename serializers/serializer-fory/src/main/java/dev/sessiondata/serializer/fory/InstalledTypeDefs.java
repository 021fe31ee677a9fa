package dev.sessiondata.serializer.fory;

import dev.sessiondata.serializer.MissingSchemaException;
import dev.sessiondata.serializer.SerializationException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Bounds: at most {@link #MAX_SETS} sets of at most {@link #MAX_SET_BYTES} bytes in all are installed from peers.
 */
final class InstalledTypeDefs {

    static final int MAX_SETS = 256;
    static final long MAX_SET_BYTES = 16L << 20;
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
    private final AtomicLong installedBytes = new AtomicLong();
    /** How many sets were forgotten: a context an instance took before a removal is looked up again. */
    private volatile int removals;

    InstalledTypeDefs(String serializerId) {
        this.serializerId = serializerId;
    }

    boolean isKnown(long uid) {
        return sets.containsKey(uid);
    }

    /** A set this JVM published itself: known without counting against the bounds. */
    void addOwn(long uid, List<byte[]> typeDefs) {
        sets.putIfAbsent(uid, typeDefs);
    }

    /**
     * A set a peer published.
     *
     * @throws SerializationException if the bounds are reached
     */
    synchronized void addInstalled(long uid, List<byte[]> typeDefs) {
        if (sets.containsKey(uid)) {
            return;
        }
        long bytes = typeDefs.stream().mapToLong(typeDef -> typeDef.length).sum();
        if (sets.size() >= MAX_SETS || installedBytes.get() + bytes > MAX_SET_BYTES) {
            throw new SerializationException(serializerId, "this JVM holds " + sets.size() + " type definition "
                    + "sets (" + installedBytes.get() + " bytes); at most " + MAX_SETS + " sets and " + MAX_SET_BYTES
                    + " bytes are installed");
        }
        installedBytes.addAndGet(bytes);
        sets.put(uid, typeDefs);
    }

    /** Forgets a set a peer published that this JVM cannot use at all. */
    synchronized void remove(long uid) {
        List<byte[]> typeDefs = sets.remove(uid);
        if (typeDefs != null) {
            removals++;
            installedBytes.addAndGet(-typeDefs.stream().mapToLong(typeDef -> typeDef.length).sum());
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
