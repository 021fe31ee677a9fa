package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;

/** Provides the {@code fst} serializer: FST's default configuration (portable byte order, compressed ints). */
public final class FstSerializerProvider implements SessionSerializerProvider {

    /** A string, so that discovery loads no class of the optional library. */
    static final String ID = "fst";

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
        return new FstSessionSerializer(FstFormat.DEFAULT, settings);
    }
}
