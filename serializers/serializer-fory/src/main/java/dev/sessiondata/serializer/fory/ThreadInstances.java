package dev.sessiondata.serializer.fory;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One instance (a Fory instance and what its serializer keeps beside it: {@link ForyInstance},
 * {@link SharedForyInstance}) per platform thread, taken and given back with no atomic operation; virtual threads,
 * and a call nested in another on the same thread, share idle instances instead.
 *
 * <p>Why not Fory's {@code ThreadSafeFory} pool: its borrow and return (an atomic exchange on a slot chosen by the
 * thread's identity hash, a division, a release) ran twice per round trip and were ~22 % of the CPU time of a 0 B
 * {@code fory-shared} round trip in JFR; finding our per-instance contexts by instance in concurrent maps was another
 * ~17 %. Here the thread's instance carries its contexts.
 *
 * <p>Virtual threads come and go per task, so an instance of their own would be built per task: they take an idle
 * instance from a shared queue and give it back. A virtual thread does not park inside a serializer call (unless it
 * blocks there on class loading or a lock), so the queue holds about as many instances as there are carrier threads.
 *
 * <p>{@link #renew} has the instances built so far replaced as they are next taken, first by the instance it is given,
 * then by instances the factory builds: {@code fory-shared} builds its instances with Fory's asynchronous compilation
 * until the serializers of its published classes are generated, and without it (no lock per call) afterwards.
 * {@link #offer} hands an instance built elsewhere to the next thread that needs one: the instance that generated
 * them, when no instance needs replacing.
 */
final class ThreadInstances<T extends ThreadInstances.Instance> {

    /** What is taken: knows whether a call is using it, and whether it goes back to the shared queue. */
    abstract static class Instance {

        boolean inUse;
        boolean shared;
        /** The {@link #renew} count when it was built. */
        int generation;
    }

    /** {@code Thread.isVirtual()} where the JDK has it (21 and later), else a constant false. */
    private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

    private final Supplier<T> factory;
    /** Null for a virtual thread. */
    private final ThreadLocal<@Nullable T> own;
    private final Queue<T> idle = new ConcurrentLinkedQueue<>();
    /** How often {@link #renew} was called: an instance built before the last call is replaced. */
    private volatile int generation;

    ThreadInstances(Supplier<T> factory) {
        this.factory = factory;
        // a virtual thread is told apart once, when its value is made, not on every call: where C2 did not inline
        // the method handle, its call per take was 8 % of the JFR samples of a 100 B fory-shared round trip (JDK 17)
        this.own = ThreadLocal.withInitial(() -> isVirtual(Thread.currentThread()) ? null : adoptIdleOrBuild());
    }

    /** This thread's instance, or a shared one; give it back with {@link #give} when the call is done. */
    T take() {
        T instance = own.get();
        if (instance != null && !instance.inUse) {
            if (instance.generation != generation) {
                instance = adoptIdleOrBuild();
                own.set(instance);
            }
            instance.inUse = true;
            return instance;
        }
        instance = currentIdle();
        if (instance == null) {
            instance = build();
            instance.shared = true;
        }
        instance.inUse = true;
        return instance;
    }

    /**
     * Has every instance built until now replaced the next time it is taken (an instance in use finishes its call
     * first): by {@code ready} for the first thread that needs one, then by instances the factory builds.
     */
    synchronized void renew(T ready) {
        int next = generation + 1;
        ready.generation = next;
        ready.shared = true;
        generation = next; // before the offer: a thread that takes ready then sees it as current
        idle.offer(ready);
    }

    /** Has the next thread that needs an instance take {@code ready} instead of building one. */
    void offer(T ready) {
        ready.generation = generation;
        ready.shared = true;
        idle.offer(ready);
    }

    /** An idle instance built since the last {@link #renew}, or null; older ones are dropped. */
    private @Nullable T currentIdle() {
        T instance = idle.poll();
        while (instance != null && instance.generation != generation) {
            instance = idle.poll();
        }
        return instance;
    }

    /** A platform thread's own: an idle instance (one given to {@link #renew}, say), no longer shared, or a new one. */
    private T adoptIdleOrBuild() {
        T instance = currentIdle();
        if (instance == null) {
            return build();
        }
        instance.shared = false;
        return instance;
    }

    private T build() {
        int current = generation; // read before the factory: an instance stamped current saw what renew published
        T instance = factory.get();
        instance.generation = current;
        return instance;
    }

    void give(T instance) {
        instance.inUse = false;
        if (instance.shared) {
            idle.offer(instance);
        }
    }

    private static boolean isVirtual(Thread thread) {
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static MethodHandle isVirtualHandle() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual",
                    MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return MethodHandles.dropArguments(MethodHandles.constant(boolean.class, false), 0, Thread.class);
        }
    }
}
