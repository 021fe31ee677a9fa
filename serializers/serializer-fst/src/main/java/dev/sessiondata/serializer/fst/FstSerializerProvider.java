package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SerializerVariant;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.List;
import java.util.Optional;

/**
 * Provides FST's two variants: {@code fst}, its default configuration (portable byte order, compressed ints), and
 * {@code fst-unsafe}, its unsafe configuration (see {@link FstVariant}).
 */
public final class FstSerializerProvider implements SessionSerializerProvider {

    @Override
    public List<String> ids() {
        return SerializerVariant.ids(FstVariant.class);
    }

    @Override
    public boolean isAvailable() {
        return FstLibrary.isOnClassPath();
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        return new FstSessionSerializer(SerializerVariant.of(FstVariant.class, id), settings);
    }

    /** FST itself refuses, when the serializer is made, a registered class that is not {@code Serializable}. */
    @Override
    public Optional<String> refusalOf(String id, SerializerSettings settings) {
        return SessionSerializers.serializableOnly(id, settings);
    }
}
