package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.unsafe.UnsafeOutput;

/**
 * The buffers each {@link KryoVariant} reads and writes through; kept apart from the enum so that listing the ids
 * loads no Kryo class.
 */
final class KryoBuffers {

    /** Enough for a typical session; the buffer grows up to the payload limit. */
    static final int INITIAL_BUFFER_BYTES = 4096;

    private KryoBuffers() {
    }

    /** An input over the whole payload; never backed by a stream, so the unread bytes are known. */
    static Input input(KryoVariant variant, byte[] data, ReadLimits limits) {
        return switch (variant) {
            case KRYO -> new BoundedInput(data, limits);
            case KRYO_UNSAFE -> new BoundedUnsafeInput(data, limits);
        };
    }

    /** An output that refuses to grow beyond {@code maxBytes}; Kryo refuses an initial size above that. */
    static Output output(KryoVariant variant, int maxBytes) {
        int initial = Math.min(INITIAL_BUFFER_BYTES, maxBytes);
        return switch (variant) {
            case KRYO -> new Output(initial, maxBytes);
            case KRYO_UNSAFE -> new UnsafeOutput(initial, maxBytes);
        };
    }
}
