package dev.sessiondata.client.internal;

import dev.sessiondata.client.UnwritableClassException;
import dev.sessiondata.client.SerializerNotEnabledException;
import dev.sessiondata.client.internal.metrics.ClientMetrics;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.jspecify.annotations.Nullable;

/**
 * The serializers this client enabled, in the application's order of preference, each made with the client's
 * settings when it is first used (a client that reads and writes with one serializer makes, and loads the library
 * of, only that one), and measured. When the client is built, each provider says, from the registered classes alone,
 * whether its serializer could write them ({@link SessionSerializers#refusalOf}); a serializer whose provider can
 * tell only by making it refuses at its first use instead. Asking for any other id is a
 * {@link SerializerNotEnabledException}: neither a stored payload nor the service chooses a serializer the
 * application did not enable.
 */
public final class SerializerSet {

    private final List<String> enabled;
    private final Set<String> enabledIds;
    private final SerializerSettings settings;
    private final ClientMetrics metrics;
    private final ConcurrentMap<String, SessionSerializer> made = new ConcurrentHashMap<>();

    private SerializerSet(List<String> enabled, SerializerSettings settings, ClientMetrics metrics) {
        this.enabled = List.copyOf(enabled);
        this.enabledIds = Set.copyOf(enabled);
        this.settings = settings;
        this.metrics = metrics;
    }

    /**
     * Checks the enabled serializers against the registered classes without making any. One that refuses a
     * registered class fails the build when the application chose its serializers ({@code explicit}); of the
     * default set (every available one) it is left out, and the build fails only when none is left.
     *
     * @throws UnwritableClassException if a chosen serializer, or every available one, refuses a registered class
     */
    public static SerializerSet make(List<String> enabled, boolean explicit, SerializerSettings settings,
                              ClientMetrics metrics) {
        List<String> usable = new ArrayList<>();
        Map<String, String> refusals = new LinkedHashMap<>();
        for (String id : enabled) {
            Optional<String> refusal = SessionSerializers.refusalOf(id, settings);
            if (refusal.isEmpty()) {
                usable.add(id);
            } else if (explicit) {
                throw new UnwritableClassException(Map.of(id, refusal.get()), null);
            } else {
                refusals.put(id, refusal.get());
            }
        }
        if (usable.isEmpty()) {
            throw new UnwritableClassException(refusals, null);
        }
        return new SerializerSet(usable, settings, metrics);
    }

    /** The usable serializers, in the application's order of preference. */
    List<String> enabled() {
        return enabled;
    }

    boolean isEnabled(String id) {
        return enabledIds.contains(id);
    }

    /** Throws unless {@code id} is enabled; {@code context} says who asked, for the message. */
    void requireEnabled(String id, String context) {
        if (!isEnabled(id)) {
            throw new SerializerNotEnabledException(id, enabledIds, context);
        }
    }

    /**
     * The serializer to write with: {@code active} when this client has it; else {@code current} if the service
     * still accepts it (the format this client's peers already read); else the first enabled one the service
     * accepts. Empty when the service accepts none of them.
     */
    Optional<String> writerFor(String active, Collection<String> accepted, @Nullable String current) {
        if (isEnabled(active)) {
            return Optional.of(active);
        }
        if (current != null && isEnabled(current) && accepted.contains(current)) {
            return Optional.of(current);
        }
        return enabled.stream().filter(accepted::contains).findFirst();
    }

    /** The serializer of {@code id} (made now if it was not yet) if it is enabled and needs its schemas exchanged. */
    Optional<SchemaExchangingSerializer> schemaExchanging(String id) {
        return isEnabled(id) && serializer(id, "exchanging schemas of") instanceof SchemaExchangingSerializer exchanging
                ? Optional.of(exchanging) : Optional.empty();
    }

    byte[] serialize(String id, Object value) {
        SessionSerializer serializer = serializer(id, "writing with");
        long start = System.nanoTime();
        byte[] data = serializer.serialize(value);
        metrics.serialized(id, System.nanoTime() - start, data.length);
        return data;
    }

    <T> T deserialize(String id, byte[] data, Class<T> type) {
        SessionSerializer serializer = serializer(id, "the session was written with");
        long start = System.nanoTime();
        try {
            return serializer.deserialize(data, type);
        } finally {
            metrics.deserialized(id, System.nanoTime() - start, data.length);
        }
    }

    /**
     * The serializer of {@code id}, made on its first use.
     *
     * @throws UnwritableClassException if making it refused a registered class
     */
    private SessionSerializer serializer(String id, String context) {
        requireEnabled(id, context);
        SessionSerializer serializer = made.get(id);
        return serializer != null ? serializer : made.computeIfAbsent(id, this::create);
    }

    private SessionSerializer create(String id) {
        try {
            return SessionSerializers.create(id, settings);
        } catch (RuntimeException refused) {
            throw new UnwritableClassException(Map.of(id, String.valueOf(refused.getMessage())), refused);
        }
    }
}
