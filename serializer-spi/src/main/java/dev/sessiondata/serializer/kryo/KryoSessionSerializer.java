package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.Pool;
import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;

/**
 * Kryo 5 behind the SPI. Kryo instances and output buffers are not thread-safe, so both are pooled; an instance that
 * failed half-way through a graph is dropped rather than pooled, so no state of a bad payload reaches the next call.
 */
final class KryoSessionSerializer extends AbstractSessionSerializer {

    /** Instances kept per serializer; more may exist while more threads are busy, the surplus is dropped. */
    private static final int POOLED_INSTANCES = 32;
    /** Output buffers grown beyond this (a large session) are not kept, so the pool holds no megabytes. */
    private static final int POOLED_BUFFER_BYTES = 64 * 1024;

    private final KryoStreams streams;
    private final ReadLimits limits;
    private final Pool<Kryo> kryos;
    private final Pool<Output> outputs;

    KryoSessionSerializer(KryoStreams streams, SerializerSettings settings) {
        super(streams.id(), settings);
        this.streams = streams;
        this.limits = new ReadLimits(settings.maxArrayLength());
        this.kryos = new Pool<>(true, false, POOLED_INSTANCES) {
            @Override
            protected Kryo create() {
                return new SessionKryo(streams.id(), settings);
            }
        };
        this.outputs = new Pool<>(true, false, POOLED_INSTANCES) {
            @Override
            protected Output create() {
                // one byte beyond the limit, so that an oversized payload fails in Kryo, not after copying it
                return streams.output(settings.maxPayloadBytes() + 1);
            }
        };
        kryos.free(kryos.obtain()); // fail now, not on the first session, if the configuration is broken
    }

    @Override
    protected byte[] write(Object value) {
        Kryo kryo = kryos.obtain();
        Output output = outputs.obtain();
        boolean completed = false;
        try {
            kryo.writeClassAndObject(output, value);
            byte[] bytes = output.toBytes();
            completed = true;
            return bytes;
        } finally {
            release(kryo, completed);
            if (output.getBuffer().length <= POOLED_BUFFER_BYTES) {
                outputs.free(output);
            }
        }
    }

    @Override
    protected Object read(byte[] data, Class<?> type) {
        Kryo kryo = kryos.obtain();
        boolean completed = false;
        try {
            Object value = kryo.readClassAndObject(streams.input(data, limits));
            completed = true;
            return value;
        } catch (RuntimeException e) {
            throw refusalIn(e);
        } finally {
            release(kryo, completed);
        }
    }

    private void release(Kryo kryo, boolean completed) {
        if (completed) {
            kryos.free(kryo);
        }
    }

    /** Kryo wraps what its serializers throw; an allow-list refusal deep in a graph is surfaced as itself. */
    private static RuntimeException refusalIn(RuntimeException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SerializationException refusal) {
                return refusal;
            }
        }
        return e;
    }
}
