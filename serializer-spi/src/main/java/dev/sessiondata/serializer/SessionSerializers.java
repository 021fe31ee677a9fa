package dev.sessiondata.serializer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds serializers by id among the {@link SessionSerializerProvider}s on the class path. */
public final class SessionSerializers {

    private static final Map<String, SessionSerializerProvider> PROVIDERS = discover();

    private SessionSerializers() {
    }

    /**
     * The ids that can run in this JVM, sorted: their library is on the class path and the JVM allows what they need
     * ({@link SessionSerializerProvider#isAvailable(String)}).
     */
    public static List<String> available() {
        List<String> ids = new ArrayList<>();
        PROVIDERS.forEach((id, provider) -> {
            if (provider.isAvailable(id)) {
                ids.add(id);
            }
        });
        return Collections.unmodifiableList(ids);
    }

    /**
     * Whether serializer {@code id} is installed: its provider and its library are on the class path, whether or not
     * this JVM lets it run ({@link #available()} says that).
     */
    public static boolean isInstalled(String id) {
        SessionSerializerProvider provider = PROVIDERS.get(id);
        return provider != null && provider.isAvailable();
    }

    /**
     * Creates the serializer of {@code id} configured by {@code settings}.
     *
     * @throws IllegalArgumentException if no available provider has that id; the message lists the available ids
     * @throws IllegalStateException if this JVM denies what the serializer needs, which the message names
     */
    public static SessionSerializer create(String id, SerializerSettings settings) {
        Objects.requireNonNull(settings, "settings");
        return availableProvider(id).create(id, settings);
    }

    /**
     * Why the serializer of {@code id} could not write a registered class of {@code settings}, told without making
     * it ({@link SessionSerializerProvider#refusalOf}); empty when it can, or when only {@link #create} can tell.
     *
     * @throws IllegalArgumentException if no available provider has that id; the message lists the available ids
     */
    public static Optional<String> refusalOf(String id, SerializerSettings settings) {
        Objects.requireNonNull(settings, "settings");
        return availableProvider(id).refusalOf(id, settings);
    }

    /**
     * The refusal of a serializer that writes only {@link java.io.Serializable} classes (and arrays): the first
     * registered class of {@code settings} that is neither, named; for {@link SessionSerializerProvider#refusalOf}.
     */
    public static Optional<String> serializableOnly(String id, SerializerSettings settings) {
        return settings.registeredClasses().stream()
                .filter(registered -> !java.io.Serializable.class.isAssignableFrom(registered) && !registered.isArray())
                .findFirst()
                .map(registered -> id + " cannot write " + registered.getName()
                        + ": it does not implement java.io.Serializable");
    }

    private static SessionSerializerProvider availableProvider(String id) {
        Objects.requireNonNull(id, "id");
        SessionSerializerProvider provider = PROVIDERS.get(id);
        if (provider == null || !provider.isAvailable()) {
            String reason = provider == null ? "unknown serializer id '" : "the library of serializer '";
            throw new IllegalArgumentException(reason + id + (provider == null ? "'" : "' is not on the class path")
                    + "; available: " + available());
        }
        return provider;
    }

    private static Map<String, SessionSerializerProvider> discover() {
        Map<String, SessionSerializerProvider> providers = new TreeMap<>();
        for (SessionSerializerProvider provider :
                ServiceLoader.load(SessionSerializerProvider.class, SessionSerializers.class.getClassLoader())) {
            for (String id : provider.ids()) {
                SessionSerializerProvider previous = providers.putIfAbsent(id, provider);
                if (previous != null && previous.getClass() != provider.getClass()) {
                    throw new IllegalStateException("two serializer providers claim id '" + id + "': "
                            + previous.getClass().getName() + " and " + provider.getClass().getName());
                }
            }
        }
        return Collections.unmodifiableMap(providers);
    }

    /** Whether a class of this name is visible to this library's class loader, without initializing it. */
    public static boolean isOnClassPath(String className) {
        try {
            Class.forName(className, false, SessionSerializers.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
