package dev.sessiondata.bench.spi;

import org.apache.fory.Fory;
import org.apache.fory.config.Language;

/** One (not thread-safe) Fory for Java, references tracked, registration not required. */
final class RawFory implements RawCodec {

    private final Fory fory = Fory.builder()
            .withLanguage(Language.JAVA)
            .withRefTracking(true)
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
