package dev.sessiondata.client.internal;

import dev.sessiondata.client.internal.schema.HttpSchemaRemote;
import dev.sessiondata.client.internal.schema.SchemaExchange;
import dev.sessiondata.serializer.MissingSchemaException;
import dev.sessiondata.serializer.SerializationException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The schema exchange of each enabled serializer that needs one, made on its first use and sent through the
 * {@link Transport}: before a write, the writer's schemas are published (and published again if the service lost
 * them); a read that misses a schema fetches it.
 */
public final class SchemaExchanges {

    private final SerializerSet serializers;
    private final Transport transport;
    private final boolean enabled;
    private final List<Class<?>> registeredClasses;
    private final Duration checkInterval;
    private final URI baseUri;
    /** Per serializer id: its exchange, or empty when it needs none (or the exchange is switched off). */
    private final ConcurrentMap<String, Optional<SchemaExchange>> exchanges = new ConcurrentHashMap<>();

    /**
     * @param enabled whether to exchange schemas at all
     * @param checkInterval how often at most a writer checks that the service still has its schemas
     */
    public SchemaExchanges(SerializerSet serializers, Transport transport, boolean enabled,
                           List<Class<?>> registeredClasses, Duration checkInterval, URI baseUri) {
        this.serializers = serializers;
        this.transport = transport;
        this.enabled = enabled;
        this.registeredClasses = List.copyOf(registeredClasses);
        this.checkInterval = checkInterval;
        this.baseUri = baseUri;
    }

    /** Publishes the registered classes' schemas for {@code serializerId} unless done; what moved, for the log. */
    public Optional<String> exchange(String serializerId) {
        return exchangeOf(serializerId).flatMap(exchange -> exchange.exchange(registeredClasses))
                .map(SchemaExchanges::describe);
    }

    /**
     * Before a value of {@code type} is written with {@code serializerId}: publishes the registered classes' schemas
     * (once), those of {@code type} if it is new, and all of them again if the service lost them.
     */
    public void beforeWrite(String serializerId, Class<?> type) {
        exchangeOf(serializerId).ifPresent(exchange -> {
            exchange.exchange(registeredClasses).ifPresent(exchanged -> ClientLog.LOG.info(
                    "Session client switched to {} by {}: {}", serializerId, baseUri, describe(exchanged)));
            exchange.uploadIfNew(type);
            exchange.republishIfLost();
        });
    }

    /** Reads a payload of {@code serializerId}, fetching the schemas it names that this client lacks. */
    public <T> T read(String serializerId, byte[] data, Class<T> type) {
        Optional<SchemaExchange> exchange = exchangeOf(serializerId);
        if (exchange.isPresent()) {
            return exchange.get().read(() -> serializers.deserialize(serializerId, data, type));
        }
        try {
            return serializers.deserialize(serializerId, data, type);
        } catch (MissingSchemaException e) {
            throw new SerializationException(serializerId, "the payload names a class uid this application has no "
                    + "schema for, and the schema exchange is switched off (SessionClientBuilder.schemaExchange): "
                    + "it was written by another version of the class", e);
        }
    }

    private Optional<SchemaExchange> exchangeOf(String serializerId) {
        if (!enabled) {
            return Optional.empty();
        }
        return exchanges.computeIfAbsent(serializerId, id -> serializers.schemaExchanging(id)
                .map(serializer -> new SchemaExchange(serializer, new HttpSchemaRemote(transport, id),
                        checkInterval)));
    }

    private static String describe(SchemaExchange.Exchanged exchanged) {
        return "schemas: " + exchanged.uploaded() + " uploaded" + (exchanged.readOnly() ? " (read-only token)" : "")
                + "; others' are installed when a read needs them";
    }
}
