package dev.sessiondata.serializer.fst;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerVariant;

/**
 * FST's two variants, which differ in FST's configuration and so in the decoder that reads their bytes
 * ({@link FstConfigurations} makes both, so that this enum names no FST class and listing the ids loads none).
 */
enum FstVariant implements SerializerVariant {

    /** {@code fst}: {@code FSTConfiguration.createDefaultConfiguration()}. */
    FST(KnownSerializers.FST),

    /** {@code fst-unsafe}: {@code FSTConfiguration.createUnsafeBinaryConfiguration()}. */
    FST_UNSAFE(KnownSerializers.FST_UNSAFE);

    private final String id;

    FstVariant(String id) {
        this.id = id;
    }

    @Override
    public String id() {
        return id;
    }
}
