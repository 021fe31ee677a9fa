package dev.sessiondata.client;

import dev.sessiondata.client.metrics.ClientMetrics;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The serializers this client enabled, each made on first use with the client's settings, and measured. Asking for
 * any other id is a {@link SerializerNotEnabledException}: neither a stored payload nor the service chooses a
 * serializer the application did not enable.
 */
final class SerializerSet {

    private final Set<String> enabled;
    private final SerializerSettings settings;
    private final ClientMetrics metrics;
    private final ConcurrentMap<String, SessionSerializer> serializers = new ConcurrentHashMap<>();

    SerializerSet(Set<String> enabled, SerializerSettings settings, ClientMetrics metrics) {
        this.enabled = Set.copyOf(enabled);
        this.settings = settings;
        this.metrics = metrics;
    }

    Set<String> enabled() {
        return enabled;
    }

    /** Throws unless {@code id} is enabled; {@code context} says who asked, for the message. */
    void requireEnabled(String id, String context) {
        if (!enabled.contains(id)) {
            throw new SerializerNotEnabledException(id, enabled, context);
        }
    }

    /** The serializer of {@code id} if it is enabled and needs its schemas exchanged. */
    Optional<SchemaExchangingSerializer> schemaExchanging(String id) {
        if (!enabled.contains(id)) {
            return Optional.empty();
        }
        return serializer(id, "") instanceof SchemaExchangingSerializer exchanging
                ? Optional.of(exchanging) : Optional.empty();
    }

    byte[] serialize(String id, Object value) {
        SessionSerializer serializer = serializer(id, "the service's active serializer is");
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
        return serializers.computeIfAbsent(id, ignored -> SessionSerializers.create(id, settings));
    }
}
