package dev.sessiondata.serializer.fst;

import org.nustaq.serialization.FSTConfiguration;
import org.nustaq.serialization.FSTDecoder;
import org.nustaq.serialization.FSTEncoder;

/** Keeps the configuration's own encoder and thread-local caches, and hands out our bounded decoders. */
final class BoundedCoderFactory implements FSTConfiguration.StreamCoderFactory {

    private final FSTConfiguration.StreamCoderFactory library;
    private final FstVariant variant;
    private final FSTConfiguration configuration;
    private final FstLimits limits;

    BoundedCoderFactory(FSTConfiguration configuration, FstVariant variant, FstLimits limits) {
        this.library = configuration.getStreamCoderFactory();
        this.variant = variant;
        this.configuration = configuration;
        this.limits = limits;
    }

    @Override
    public FSTEncoder createStreamEncoder() {
        return library.createStreamEncoder();
    }

    @Override
    public FSTDecoder createStreamDecoder() {
        return FstConfigurations.decoder(variant, configuration, limits);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public ThreadLocal getInput() {
        return library.getInput();
    }

    @Override
    @SuppressWarnings("rawtypes")
    public ThreadLocal getOutput() {
        return library.getOutput();
    }
}
