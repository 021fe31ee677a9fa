package dev.sessiondata.serializer.fory;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializerProvider;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.serializer.UnsafeMemoryAccess;
import java.util.List;
import java.util.Optional;
import org.apache.fory.Fory;

/**
 * Provides the {@code fory} and {@code fory-shared} serializers when Apache Fory ({@code fory-core}) is on the class
 * path.
 *
 * <p>Where the JVM denies {@code sun.misc.Unsafe} memory access, Fory 1.6 reaches fields through a trusted
 * method-handle lookup, which needs {@code java.lang.invoke} opened to it; without that, its first serializer fails
 * in a static initializer ({@code ExceptionInInitializerError}, seen from a Spring application on JDK 25: every
 * request that touched the session failed). Both ids are then not available, and creating one names the flag.
 */
public final class ForySerializerProvider implements SessionSerializerProvider {

    /** The flag that lets Fory reach fields where Unsafe is denied. */
    static final String OPEN_INVOKE = "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED";

    @Override
    public List<String> ids() {
        return List.of(KnownSerializers.FORY, KnownSerializers.FORY_SHARED);
    }

    @Override
    public boolean isAvailable() {
        return SessionSerializers.isOnClassPath("org.apache.fory.Fory");
    }

    @Override
    public boolean isAvailable(String id) {
        return isAvailable() && refusal(id, UnsafeMemoryAccess.isDenied(), invokeIsOpenToFory()).isEmpty();
    }

    @Override
    public SessionSerializer create(String id, SerializerSettings settings) {
        refusal(id, UnsafeMemoryAccess.isDenied(), invokeIsOpenToFory()).ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        return KnownSerializers.FORY_SHARED.equals(id) ? new ForySharedSerializer(settings)
                : new ForySessionSerializer(settings);
    }

    /** Why serializer {@code id} cannot run in a JVM so configured, if it cannot. */
    static Optional<String> refusal(String id, boolean unsafeDenied, boolean invokeOpen) {
        if (!unsafeDenied || invokeOpen) {
            return Optional.empty();
        }
        return Optional.of("serializer '" + id + "': this JVM denies sun.misc.Unsafe memory access ("
                + UnsafeMemoryAccess.DENY_OPTION + "), where Fory reaches fields through java.lang.invoke, which is "
                + "not open to it; start the JVM with " + OPEN_INVOKE + " (or Add-Opens: java.base/java.lang.invoke "
                + "in an executable jar's manifest)");
    }

    private static boolean invokeIsOpenToFory() {
        return Object.class.getModule().isOpen("java.lang.invoke", Fory.class.getModule());
    }
}
