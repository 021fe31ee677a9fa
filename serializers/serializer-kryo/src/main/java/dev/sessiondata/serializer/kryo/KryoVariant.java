package dev.sessiondata.serializer.kryo;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerVariant;

/**
 * Kryo's two variants, which differ only in the buffers Kryo reads and writes through ({@link KryoSessionSerializer}
 * makes them, so that this enum names no Kryo class and listing the ids loads none).
 */
enum KryoVariant implements SerializerVariant {

    /** {@code kryo}: Kryo's portable buffers. */
    KRYO(KnownSerializers.KRYO, false),

    /**
     * {@code kryo-unsafe}: buffers that copy primitives with {@code sun.misc.Unsafe}, in native byte order; by design it
     * cannot run where the JVM denies Unsafe memory access.
     */
    KRYO_UNSAFE(KnownSerializers.KRYO_UNSAFE, true);

    private final String id;
    private final boolean needsUnsafe;

    KryoVariant(String id, boolean needsUnsafe) {
        this.id = id;
        this.needsUnsafe = needsUnsafe;
    }

    @Override
    public String id() {
        return id;
    }

    /** Whether this variant cannot work without {@code sun.misc.Unsafe} memory access. */
    boolean needsUnsafe() {
        return needsUnsafe;
    }
}
