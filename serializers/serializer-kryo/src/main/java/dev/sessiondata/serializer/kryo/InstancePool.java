package dev.sessiondata.serializer.kryo;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * Keeps up to a fixed number of idle instances for threads to take and give back, one compare-and-set each way.
 * Kryo's own {@code Pool} is a {@code LinkedBlockingQueue}, which took three lock acquisitions per serializer call
 * (the queue's put lock, then its take lock to signal that it is no longer empty, then the take lock to poll): in
 * JFR they showed as {@code AbstractQueuedSynchronizer.compareAndSetState} on the SPI's read of a 1 KB session, part of
 * its +6 % over Kryo called directly. Instances beyond the capacity are dropped when given back.
 */
final class InstancePool<T> {

    private final AtomicReferenceArray<T> idle;
    private final Supplier<T> factory;

    InstancePool(int capacity, Supplier<T> factory) {
        this.idle = new AtomicReferenceArray<>(capacity);
        this.factory = factory;
    }

    /** An idle instance, or a new one when none is idle. */
    T obtain() {
        for (int i = 0; i < idle.length(); i++) {
            T instance = idle.get(i);
            if (instance != null && idle.compareAndSet(i, instance, null)) {
                return instance;
            }
        }
        return factory.get();
    }

    /** Gives an instance back for another call; dropped if the pool is full. */
    void free(T instance) {
        for (int i = 0; i < idle.length(); i++) {
            if (idle.get(i) == null && idle.compareAndSet(i, null, instance)) {
                return;
            }
        }
    }
}
