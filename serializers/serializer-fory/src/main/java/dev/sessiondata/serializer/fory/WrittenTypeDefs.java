package dev.sessiondata.serializer.fory;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.ForyTypeDefSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.fory.Fory;
import org.apache.fory.context.MetaWriteContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.resolver.TypeInfo;
import org.apache.fory.resolver.TypeResolver;
import org.jspecify.annotations.Nullable;

/**
 * The writer's side of {@code fory-shared}: which type definition set its payloads refer to.
 *
 * <p>Fory's meta share writes a class's type definition the first time a stream meets the class, under the next
 * index of the stream's {@link MetaWriteContext}, and the index alone afterwards. Here each write starts from a
 * context that already holds the classes of the <em>published</em> set under their indices in the set, so Fory
 * writes only indices for them; a class the set lacks is written inline under the next index, as in a self-contained
 * payload, and remembered, so that the next set {@link #schemasOf} proposes holds it. A set is proposed by
 * {@link #schemasOf} and used only once {@link #published}: a payload never refers to a set readers cannot fetch.
 *
 * <p>A set's definitions are the exact bytes Fory writes inline for the class: they are taken by letting Fory write
 * the class's type info into a scratch buffer ({@link #typeDefOf}). Sets only grow, so a later set holds every class
 * of an earlier one under the same index.
 */
final class WrittenTypeDefs {

    /** The classes of one set, in index order, and its record; the empty set has no record. */
    record WriterSet(List<Class<?>> classes, List<byte[]> typeDefs, @Nullable ClassDescriptor record) {

        static final WriterSet EMPTY = new WriterSet(List.of(), List.of(), null);

        int size() {
            return classes.size();
        }
    }

    /** A Fory write context that starts each write with the classes of one set. */
    static final class SetWriteContext extends MetaWriteContext implements PayloadCounter {

        final WriterSet set;
        private long payloads;

        SetWriteContext(WriterSet set) {
            this.set = set;
            for (int i = 0; i < set.size(); i++) {
                classMap.put(set.classes().get(i), i);
            }
        }

        @Override
        public long payloads() {
            return payloads;
        }
    }

    /** The instance that works out definitions, used by one thread at a time: {@code ForySharedSerializer.exchange}. */
    private final Supplier<Fory> exchange;
    private volatile WriterSet published = WriterSet.EMPTY;
    private WriterSet proposed = WriterSet.EMPTY;
    private final Map<Long, WriterSet> proposals = new HashMap<>();
    /** Classes writes met that the published set lacks; bounded by what one set may hold. */
    private final Set<Class<?>> metAtRunTime = ConcurrentHashMap.newKeySet();
    WrittenTypeDefs(Supplier<Fory> exchange) {
        this.exchange = exchange;
    }

    /**
     * Prepares {@code instance} for one write: Fory forgets an external meta context after each operation, so it is
     * set again each time; the context (one per instance) is rebuilt only when the set changed or a write added
     * classes to it.
     */
    SetWriteContext prepare(SharedForyInstance instance) {
        WriterSet set = published;
        SetWriteContext context = instance.writeContext;
        if (context == null || context.set != set || context.classMap.size != set.size()) {
            context = new SetWriteContext(set);
            instance.writeContext = context;
        }
        context.payloads++;
        instance.fory.setMetaWriteContext(context);
        return context;
    }

    /** After a write: remembers the classes it wrote inline, for the next set. */
    void afterWrite(SetWriteContext context) {
        WriterSet set = context.set;
        if (context.classMap.size > set.size() && metAtRunTime.size() < ForyTypeDefSet.MAX_TYPE_DEFS) {
            context.classMap.forEach((type, index) -> {
                if (index >= set.size()) {
                    metAtRunTime.add(type);
                }
            });
        }
    }

    /**
     * The set to publish before writing these classes: the last one proposed, grown by the classes reachable from
     * {@code classes} and those writes met since, if any of them is written with a type definition.
     */
    synchronized List<ClassDescriptor> schemasOf(Collection<Class<?>> classes) {
        List<Class<?>> setClasses = new ArrayList<>(proposed.classes());
        List<byte[]> typeDefs = new ArrayList<>(proposed.typeDefs());
        Set<Class<?>> candidates = ReachableTypes.from(classes);
        candidates.addAll(metAtRunTime);
        Fory fory = exchange.get();
        synchronized (fory) {
            for (Class<?> candidate : candidates) {
                if (setClasses.size() == ForyTypeDefSet.MAX_TYPE_DEFS) {
                    break;
                }
                if (!setClasses.contains(candidate)) {
                    typeDefOf(fory, candidate).ifPresent(typeDef -> {
                        setClasses.add(candidate);
                        typeDefs.add(typeDef);
                    });
                }
            }
        }
        if (setClasses.size() > proposed.size()) {
            proposed = new WriterSet(List.copyOf(setClasses), List.copyOf(typeDefs), ForyTypeDefSet.of(typeDefs));
            proposals.put(proposed.record().uid(), proposed);
        }
        return proposed.record() == null ? List.of() : List.of(proposed.record());
    }

    /** The classes writes use: those of the published set, in the set's order, then those writes met outside it. */
    List<Class<?>> classesWritten() {
        List<Class<?>> classes = new ArrayList<>(published.classes());
        metAtRunTime.forEach(type -> {
            if (!classes.contains(type)) {
                classes.add(type);
            }
        });
        return classes;
    }

    /** Starts referring to the largest set of these that this writer proposed; returns it, if one was. */
    synchronized Optional<WriterSet> published(List<ClassDescriptor> schemas) {
        WriterSet largest = null;
        for (ClassDescriptor schema : schemas) {
            WriterSet set = proposals.get(schema.uid());
            if (set != null && set.size() > published.size() && (largest == null || set.size() > largest.size())) {
                largest = set;
            }
        }
        if (largest != null) {
            published = largest;
            metAtRunTime.removeAll(largest.classes());
            proposals.values().removeIf(set -> set.size() <= published.size() && set != published);
        }
        return Optional.ofNullable(largest);
    }

    /**
     * The type definition Fory writes inline for {@code type}, taken from Fory's own type info writer on a scratch
     * buffer and context; empty for a class Fory writes by internal id or by name without a definition, or cannot
     * write at all.
     */
    private static Optional<byte[]> typeDefOf(Fory instance, Class<?> type) {
        TypeResolver resolver = instance.getTypeResolver();
        WriteContext context = instance.getWriteContext();
        MetaWriteContext saved = context.getMetaWriteContext();
        MetaWriteContext scratch = new MetaWriteContext();
        MemoryBuffer buffer = MemoryBuffer.newHeapBuffer(256);
        try {
            if (!resolver.isRegistrationFinished()) {
                resolver.finishRegistration();
            }
            TypeInfo info = resolver.getTypeInfo(type);
            instance.setMetaWriteContext(scratch);
            context.prepare(buffer, null);
            resolver.writeTypeInfo(context, info);
        } catch (RuntimeException e) {
            // Fory cannot write this class (no serializer for it): there is nothing to publish for it
            return Optional.empty();
        } finally {
            context.reset();
            instance.setMetaWriteContext(saved);
        }
        if (scratch.classMap.size != 1) {
            return Optional.empty();
        }
        // the type id byte and the index marker (0: a new definition follows) precede the definition
        return Optional.of(buffer.getBytes(2, buffer.writerIndex() - 2));
    }
}
