package dev.sessiondata.serializer.fory;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import org.apache.fory.Fory;
import org.apache.fory.resolver.SharedRegistry;

/**
 * Apache Fory in Java (not cross-language) mode.
 *
 * <p>Class safety: registration is not required, because Fory's registration ids depend on the order classes are
 * registered in and bytes must read in any JVM; classes are written by name instead, and every name in a payload
 * passes a {@link org.apache.fory.resolver.TypeChecker} built from the allow-list before Fory loads the class. The
 * JDK types Fory writes by internal id instead of by name are refused on read by {@link BuiltInTypeGuard} unless
 * allowed.
 * Compatible mode writes field names, so a reader whose class gained or lost a field still reads older sessions; a
 * class the reader does not know is refused rather than read as a placeholder.
 *
 * <p>Limits: Fory checks string and array lengths against the unread input itself, and keeps its own bounds on
 * what input bytes do not back (an estimated 128 MiB of object graph, 8192 collection items per read); nesting is
 * bounded by {@link SerializerSettings#maxDepth()}, hash-based collections nested in each other by
 * {@link SerializerSettings#maxHashNesting()} ({@link HashNestingSerializers}).
 *
 * <p>Fory instances are not thread-safe: each platform thread has its own ({@link ThreadInstances}, as
 * {@code fory-shared} has), and all share one {@link SharedRegistry}, so a class's serializer is generated once, not
 * once per instance. Fory's {@code ThreadSafeFory} pool would add its borrow and return, with their atomic operations,
 * to every call.
 */
final class ForySessionSerializer extends AbstractSessionSerializer {

    private final ThreadInstances<ForyInstance> instances;

    ForySessionSerializer(SerializerSettings settings) {
        super(KnownSerializers.FORY, settings);
        SharedRegistry registry = new SharedRegistry();
        this.instances = new ThreadInstances<>(() -> {
            ReadBudgetSlot budget = ReadBudgetSlot.keptPerRead();
            Fory fory = ForyBuilders.build(ForyBuilders.base(settings), registry, settings, budget);
            return new ForyInstance(fory, budget);
        });
    }

    @Override
    protected byte[] write(Object value) {
        ForyInstance instance = instances.take();
        try {
            return instance.fory.serialize(value);
        } finally {
            instances.give(instance);
        }
    }

    @Override
    protected Object read(byte[] data, Class<?> type) {
        ForyInstance instance = instances.take();
        try {
            return instance.fory.deserialize(data);
        } catch (RuntimeException e) {
            throw refusalIn(e);
        } finally {
            instance.budget.clear();
            instances.give(instance);
        }
    }

    /** Fory wraps what its serializers throw; a refusal of ours deep in a graph is surfaced as itself. */
    private static RuntimeException refusalIn(RuntimeException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SerializationException refusal) {
                return refusal;
            }
        }
        return e;
    }
}
