package dev.sessiondata.serializer.fst;

import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.FSTDecoder;

/** The two ids differ in FST's configuration and so in the decoder that reads their bytes. */
enum FstFormat {

    /** {@code fst}: {@link FSTConfiguration#createDefaultConfiguration()}. */
    DEFAULT(FstSerializerProvider.FST) {
        @Override
        FSTConfiguration configuration() {
            return FSTConfiguration.createDefaultConfiguration();
        }

        @Override
        FSTDecoder decoder(FSTConfiguration configuration, FstLimits limits) {
            return new BoundedStreamDecoder(configuration, limits);
        }
    },

    /** {@code fst-unsafe}: {@link FSTConfiguration#createUnsafeBinaryConfiguration()}. */
    UNSAFE(FstSerializerProvider.FST_UNSAFE) {
        @Override
        FSTConfiguration configuration() {
            return FSTConfiguration.createUnsafeBinaryConfiguration();
        }

        @Override
        FSTDecoder decoder(FSTConfiguration configuration, FstLimits limits) {
            return new BoundedBytezDecoder(configuration, limits);
        }
    };

    private final String id;

    FstFormat(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    /** A new configuration of FST's own making, before we adapt it. */
    abstract FSTConfiguration configuration();

    /** The decoder of this format, with declared lengths bounded. */
    abstract FSTDecoder decoder(FSTConfiguration configuration, FstLimits limits);

    /** The variant of serializer {@code id}. */
    static FstFormat of(String id) {
        for (FstFormat variant : values()) {
            if (variant.id().equals(id)) {
                return variant;
            }
        }
        throw new IllegalArgumentException("not an id of this library: '" + id + "'");
    }
}
