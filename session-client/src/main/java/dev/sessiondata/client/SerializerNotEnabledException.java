package dev.sessiondata.client;

import java.util.Set;
import java.util.TreeSet;

/**
 * A serializer this client did not enable was asked for: a stored session names it in its {@code Content-Type}, or
 * the service made it the active one. A payload never chooses a deserializer the application did not choose; enable
 * it with {@link SessionClientBuilder#enabledSerializers(String...)} when it is wanted.
 */
public class SerializerNotEnabledException extends SessionClientException {

    private static final long serialVersionUID = 1L;

    private final String serializerId;
    private final Set<String> enabled;

    public SerializerNotEnabledException(String serializerId, Set<String> enabled, String context) {
        super(context + " serializer '" + serializerId + "', which this client has not enabled; enabled: "
                + new TreeSet<>(enabled), null);
        this.serializerId = serializerId;
        this.enabled = Set.copyOf(enabled);
    }

    /** The serializer that was asked for. */
    public String serializerId() {
        return serializerId;
    }

    /** The serializers this client enabled. */
    public Set<String> enabled() {
        return enabled;
    }
}
