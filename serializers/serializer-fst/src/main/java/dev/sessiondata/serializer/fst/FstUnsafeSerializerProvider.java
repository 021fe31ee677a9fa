package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;

/**
 * Provides the {@code fst-unsafe} serializer: FST's unsafe binary configuration ({@code sun.misc.Unsafe} reads and
 * writes, native byte order, no compression).
 */
public final class FstUnsafeSerializerProvider implements SessionSerializerProvider {

    /** A string, so that discovery loads no class of the optional library. */
    static final String ID = "fst-unsafe";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public boolean isAvailable() {
        return FstLibrary.isOnClassPath();
    }

    @Override
    public SessionSerializer create(SerializerSettings settings) {
        return new FstSessionSerializer(FstFormat.UNSAFE, settings);
    }
}
