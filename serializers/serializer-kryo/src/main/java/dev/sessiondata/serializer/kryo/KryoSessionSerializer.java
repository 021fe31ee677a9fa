package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.io.Output;
import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.ReadBudget;
import dev.sessiondata.serializer.SerializerSettings;

/**
 * Kryo 5 behind the SPI. A Kryo instance and its output buffer are not thread-safe, so they are pooled, as one pair:
 * one pool operation per call. An instance that failed half-way through a graph is dropped rather than pooled, so no
 * state of a bad payload reaches the next call.
 */
final class KryoSessionSerializer extends AbstractSessionSerializer {

    /** Instances kept per serializer; more may exist while more threads are busy, the surplus is dropped. */
    private static final int POOLED_INSTANCES = 32;
    /**
     * Output buffers grown beyond this are not kept, so the pool holds at most 32 x 256 KB. Up to it, a large session
     * reuses its grown buffer instead of regrowing it from 4 KB, copying, on every write.
     */
    private static final int POOLED_BUFFER_BYTES = 256 * 1024;

    private final KryoVariant variant;
    private final ReadLimits limits;
    private final InstancePool<Instance> instances;

    KryoSessionSerializer(KryoVariant variant, SerializerSettings settings) {
        super(variant.id(), settings);
        this.variant = variant;
        this.limits = new ReadLimits(settings.maxArrayLength());
        this.instances = new InstancePool<>(POOLED_INSTANCES,
                () -> new Instance(new SessionKryo(settings), newOutput()));
        instances.free(instances.obtain()); // fail now, not on the first session, if the configuration is broken
    }

    @Override
    protected byte[] write(Object value) {
        Instance instance = instances.obtain();
        Output output = instance.output;
        output.reset();
        boolean completed = false;
        try {
            instance.kryo.writeClassAndObject(output, value);
            byte[] bytes = output.toBytes();
            completed = true;
            return bytes;
        } finally {
            if (output.getBuffer().length > POOLED_BUFFER_BYTES) {
                instance.output = newOutput();
            }
            release(instance, completed);
        }
    }

    @Override
    protected Object read(byte[] data, Class<?> type) {
        Instance instance = instances.obtain();
        boolean completed = false;
        try {
            Object value = instance.kryo.read(KryoBuffers.input(variant, data, limits), ReadBudget.current());
            completed = true;
            return value;
        } finally {
            release(instance, completed);
        }
    }

    private void release(Instance instance, boolean completed) {
        if (completed) {
            instances.free(instance);
        }
    }

    private Output newOutput() {
        // one byte beyond the limit, so that an oversized payload fails in Kryo, not after copying it
        return KryoBuffers.output(variant, settings.maxPayloadBytes() + 1);
    }

    /** A Kryo and the output buffer it writes into, pooled together; used by one thread at a time. */
    private static final class Instance {

        final SessionKryo kryo;
        Output output;

        Instance(SessionKryo kryo, Output output) {
            this.kryo = kryo;
            this.output = output;
        }
    }
}
