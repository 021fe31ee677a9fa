package dev.sessiondata.bench.spi;

import org.apache.fory.Fory;
import org.apache.fory.config.Language;

/**
 * One (not thread-safe) Fory for Java in the format our provider writes (references tracked, compatible mode),
 * without its type checker, depth limit and thread-safe wrapper.
 */
final class RawFory implements RawCodec {

    private final Fory fory = Fory.builder()
            .withLanguage(Language.JAVA)
            .withRefTracking(true)
            .withCompatible(true)
            .requireClassRegistration(false)
            .build();

    @Override
    public byte[] write(Object value) {
        return fory.serialize(value);
    }

    @Override
    public Object read(byte[] data) {
        return fory.deserialize(data);
    }
}
