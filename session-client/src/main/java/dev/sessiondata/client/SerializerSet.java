package dev.sessiondata.client;

import dev.sessiondata.client.metrics.ClientMetrics;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The serializers this client enabled, in the application's order of preference, each made once when the client is
 * built with the client's settings, and measured. Making them at build time is what lets {@code build()} refuse a
 * registered class a serializer cannot write. Asking for any other id is a {@link SerializerNotEnabledException}:
 * neither a stored payload nor the service chooses a serializer the application did not enable.
 */
final class SerializerSet {

    private final List<String> enabled;
    private final Map<String, SessionSerializer> serializers;
    private final ClientMetrics metrics;

    private SerializerSet(List<String> enabled, Map<String, SessionSerializer> serializers, ClientMetrics metrics) {
        this.enabled = List.copyOf(enabled);
        this.serializers = serializers;
        this.metrics = metrics;
    }

    /**
     * Makes every enabled serializer. One that refuses a registered class fails the build when the application
     * chose its serializers ({@code explicit}); of the default set (every available one) it is left out, and the
     * build fails only when none is left.
     *
     * @throws UnwritableClassException if a chosen serializer, or every available one, refuses a registered class
     */
    static SerializerSet make(List<String> enabled, boolean explicit, SerializerSettings settings,
                              ClientMetrics metrics) {
        Map<String, SessionSerializer> made = new LinkedHashMap<>();
        Map<String, String> refusals = new LinkedHashMap<>();
        for (String id : enabled) {
            try {
                made.put(id, SessionSerializers.create(id, settings));
            } catch (RuntimeException refused) {
                if (explicit) {
                    throw new UnwritableClassException(Map.of(id, String.valueOf(refused.getMessage())), refused);
                }
                refusals.put(id, String.valueOf(refused.getMessage()));
            }
        }
        if (made.isEmpty()) {
            throw new UnwritableClassException(refusals, null);
        }
        return new SerializerSet(List.copyOf(made.keySet()), Map.copyOf(made), metrics);
    }

    /** The usable serializers, in the application's order of preference. */
    List<String> enabled() {
        return enabled;
    }

    boolean isEnabled(String id) {
        return serializers.containsKey(id);
    }

    /** Throws unless {@code id} is enabled; {@code context} says who asked, for the message. */
    void requireEnabled(String id, String context) {
        if (!isEnabled(id)) {
            throw new SerializerNotEnabledException(id, Set.copyOf(enabled), context);
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

    /** The serializer of {@code id} if it is enabled and needs its schemas exchanged. */
    Optional<SchemaExchangingSerializer> schemaExchanging(String id) {
        return serializers.get(id) instanceof SchemaExchangingSerializer exchanging
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

    private SessionSerializer serializer(String id, String context) {
        requireEnabled(id, context);
        return serializers.get(id);
    }
}
