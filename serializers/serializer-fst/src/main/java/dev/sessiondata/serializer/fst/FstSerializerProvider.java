package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import java.util.List;

/**
 * Provides FST's two variants: {@code fst}, its default configuration (portable byte order, compressed ints), and
 * {@code fst-unsafe}, its unsafe configuration (see {@link FstFormat}).
 */
public final class FstSerializerProvider implements SessionSerializerProvider {

    /** Strings, so that discovery loads no class of the library. */
    public static final String FST = "fst";
    public static final String FST_UNSAFE = "fst-unsafe";

    @Override
    public List<String> ids() {
        return List.of(FST, FST_UNSAFE);
    }

    @Override
    public boolean isAvailable() {
        return FstLibrary.isOnClassPath();
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return new FstSessionSerializer(FstFormat.of(id), settings);
    }
}
