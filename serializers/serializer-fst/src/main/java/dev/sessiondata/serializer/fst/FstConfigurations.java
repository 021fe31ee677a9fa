package dev.sessiondata.serializer.fst;

import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.FSTDecoder;

/** FST's configuration and decoder of each {@link FstVariant}. */
final class FstConfigurations {

    private FstConfigurations() {
    }

    /** A new configuration of FST's own making, before we adapt it. */
    static FSTConfiguration create(FstVariant variant) {
        return switch (variant) {
            case FST -> FSTConfiguration.createDefaultConfiguration();
            case FST_UNSAFE -> FSTConfiguration.createUnsafeBinaryConfiguration();
        };
    }

    /** The decoder of this variant, with declared lengths bounded. */
    static FSTDecoder decoder(FstVariant variant, FSTConfiguration configuration, FstLimits limits) {
        return switch (variant) {
            case FST -> new BoundedStreamDecoder(configuration, limits);
            case FST_UNSAFE -> new BoundedBytezDecoder(configuration, limits);
        };
    }
}
