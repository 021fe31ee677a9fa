package dev.sessiondata.client.internal;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.SessionClientException;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.client.internal.metrics.ClientMetrics;
import java.time.format.DateTimeParseException;

/**
 * Session values to and from the wire: a value becomes the {@link SessionBody} of one serializer (its schemas
 * published first), and a session answer becomes a {@link Versioned} value, read with the serializer its
 * {@code Content-Type} names among the enabled ones.
 */
public final class SessionCodec {

    private final SerializerSet serializers;
    private final SchemaExchanges schemas;
    private final SerializerChoice choice;
    private final ClientMetrics metrics;

    public SessionCodec(SerializerSet serializers, SchemaExchanges schemas, SerializerChoice choice,
                        ClientMetrics metrics) {
        this.serializers = serializers;
        this.schemas = schemas;
        this.choice = choice;
        this.metrics = metrics;
    }

    /** The bytes of {@code value} in {@code serializerId}, able to be made again in another serializer's. */
    public SessionBody encode(String serializerId, Object value) {
        String active = choice.active();
        if (!serializerId.equals(active)) {
            metrics.fallbackWrite(active, serializerId);
        }
        schemas.beforeWrite(serializerId, value.getClass());
        byte[] bytes = serializers.serialize(serializerId, value);
        return new SessionBody(serializerId, bytes, other -> encode(other, value));
    }

    /** The value, version and expiry of a successful session answer. */
    public <T> Versioned<T> decode(ApiResponse response, Class<T> type) {
        String contentType = response.header("Content-Type").orElse("");
        String serializerId = SessionApi.serializerIdOf(contentType).orElseThrow(() -> new SessionClientException(
                response.request() + " answered Content-Type '" + contentType + "', which names no serializer", null));
        serializers.requireEnabled(serializerId, "the session was written with");
        T value = schemas.read(serializerId, response.body(), type);
        String expiresAt = response.header(SessionApi.EXPIRES_AT_HEADER).orElseThrow(() ->
                new SessionClientException(response.request() + " answered without " + SessionApi.EXPIRES_AT_HEADER,
                        null));
        try {
            return new Versioned<>(value, versionOf(response), ExpiresAt.parse(expiresAt), serializerId);
        } catch (DateTimeParseException e) {
            throw new SessionClientException(response.request() + " answered an unreadable "
                    + SessionApi.EXPIRES_AT_HEADER + " '" + expiresAt + "'", e);
        }
    }

    /** The version in the answer's {@code ETag}. */
    public static String versionOf(ApiResponse response) {
        return response.version().orElseThrow(() ->
                new SessionClientException(response.request() + " answered without an ETag", null));
    }
}
