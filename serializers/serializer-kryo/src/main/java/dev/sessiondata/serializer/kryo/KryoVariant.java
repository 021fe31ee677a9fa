package dev.sessiondata.serializer.kryo;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerVariant;

/**
 * Kryo's two variants, which differ only in the buffers Kryo reads and writes through ({@link KryoSessionSerializer}
 * makes them, so that this enum names no Kryo class and listing the ids loads none).
 */
enum KryoVariant implements SerializerVariant {

    /** {@code kryo}: Kryo's portable buffers. */
    KRYO(KnownSerializers.KRYO),

    /** {@code kryo-unsafe}: buffers that copy primitives with {@code sun.misc.Unsafe}, in native byte order. */
    KRYO_UNSAFE(KnownSerializers.KRYO_UNSAFE);

    private final String id;

    KryoVariant(String id) {
        this.id = id;
    }

    @Override
    public String id() {
        return id;
    }
}
