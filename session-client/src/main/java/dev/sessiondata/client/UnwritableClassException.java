package dev.sessiondata.client;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A registered class cannot be written by a serializer the application chose with
 * {@link SessionClientBuilder#enabledSerializers(String...)}, or, when it chose none, by any available serializer.
 * Thrown by {@link SessionClientBuilder#build()}, so that the application does not learn it at its first write,
 * whenever the serializer's provider can tell from the classes alone (one-nio, java and hessian refuse a class that
 * is not {@code Serializable} this way); else by the first call that uses that serializer, which is when the client
 * makes it.
 */
public class UnwritableClassException extends SessionClientException {

    private static final long serialVersionUID = 1L;

    private final Map<String, String> refusals;

    public UnwritableClassException(Map<String, String> refusals, @Nullable Throwable cause) {
        super("a registered class cannot be written: " + (refusals.isEmpty()
                ? "no serializer is available (add a serializer module, e.g. dev.sessiondata:serializer-fory)"
                : String.join("; ", refusals.values())), cause);
        this.refusals = Map.copyOf(refusals);
    }

    /** Per serializer id, why it refused; every id that refused. */
    public Map<String, String> refusals() {
        return refusals;
    }
}
