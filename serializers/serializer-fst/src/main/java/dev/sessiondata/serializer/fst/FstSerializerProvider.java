package dev.sessiondata.serializer.fst;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SerializerVariant;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.UnsafeMemoryAccess;
import java.util.List;
import java.util.Optional;

/**
 * Provides FST's two variants: {@code fst}, its default configuration (portable byte order, compressed ints), and
 * {@code fst-unsafe}, its unsafe configuration (see {@link FstVariant}).
 *
 * <p>Neither runs where the JVM denies {@code sun.misc.Unsafe} memory access, and no setting of FST changes that:
 * {@code FSTUtil}'s static initializer calls {@code Unsafe.arrayBaseOffset} whenever it finds the Unsafe instance
 * (the field is even named {@code unFlaggedUnsafe}, "used even if unsafe is disabled"), every configuration reads
 * and writes fields through {@code Unsafe.objectFieldOffset} offsets, and instantiates through
 * {@code Unsafe.allocateInstance}. Both are then not available, and creating one says why.
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
    public boolean isAvailable(String id) {
        return isAvailable() && !UnsafeMemoryAccess.isDenied();
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        FstVariant variant = SerializerVariant.of(FstVariant.class, id);
        if (UnsafeMemoryAccess.isDenied()) {
            throw new IllegalStateException("serializer '" + id + "': FST calls sun.misc.Unsafe in FSTUtil's static "
                    + "initializer, for every field and to instantiate, whatever its configuration, and this JVM "
                    + "denies its memory access (" + UnsafeMemoryAccess.DENY_OPTION + "); start the JVM without "
                    + "that option, or use another serializer");
        }
        return new FstSessionSerializer(variant, settings);
    }

    /** FST itself refuses, when the serializer is made, a registered class that is not {@code Serializable}. */
    @Override
    public Optional<String> refusalOf(String id, SerializerSettings settings) {
        return SessionSerializers.serializableOnly(id, settings);
    }
}
