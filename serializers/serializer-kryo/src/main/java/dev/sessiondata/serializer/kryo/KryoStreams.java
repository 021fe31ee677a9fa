package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.unsafe.UnsafeOutput;

/** The two ids differ only in the buffers Kryo reads and writes through. */
enum KryoStreams {

    /** {@code kryo}: Kryo's portable buffers. */
    SAFE(KryoSerializerProvider.KRYO) {
        @Override
        Input input(byte[] data, ReadLimits limits) {
            return new BoundedInput(data, limits);
        }

        @Override
        Output output(int maxBytes) {
            return new Output(INITIAL_BUFFER_BYTES, maxBytes);
        }
    },

    /** {@code kryo-unsafe}: buffers that copy primitives with {@code sun.misc.Unsafe}, in native byte order. */
    UNSAFE(KryoSerializerProvider.KRYO_UNSAFE) {
        @Override
        Input input(byte[] data, ReadLimits limits) {
            return new BoundedUnsafeInput(data, limits);
        }

        @Override
        Output output(int maxBytes) {
            return new UnsafeOutput(INITIAL_BUFFER_BYTES, maxBytes);
        }
    };

    /** Enough for a typical session; the buffer grows up to the payload limit. */
    static final int INITIAL_BUFFER_BYTES = 4096;

    private final String id;

    KryoStreams(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    /** An input over the whole payload; never backed by a stream, so the unread bytes are known. */
    abstract Input input(byte[] data, ReadLimits limits);

    /** An output that refuses to grow beyond {@code maxBytes}. */
    abstract Output output(int maxBytes);

    /** The variant of serializer {@code id}. */
    static KryoStreams of(String id) {
        for (KryoStreams variant : values()) {
            if (variant.id().equals(id)) {
                return variant;
            }
        }
        throw new IllegalArgumentException("not an id of this library: '" + id + "'");
    }
}
