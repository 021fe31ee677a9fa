package dev.sessiondata.client;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A registered class cannot be written by a serializer the application chose with
 * {@link SessionClientBuilder#enabledSerializers(String...)}, or, when it chose none, by any available serializer.
 * Thrown by {@link SessionClientBuilder#build()}, so that the application does not learn it at its first write,
 * whenever the serializer's provider can tell from the classes alone (one-nio, java and hessian refuse a class that
 * is not {@code Serializable} this way); else by the first call that uses that serializer, which is when the client
 * makes it. When the module of the service's default serializer is not on the class path, the message says to add it:
 * that, rather than the classes, is the usual cause when only the JDK's serializer is left to refuse them.
 */
public class UnwritableClassException extends SessionClientException {

    private static final long serialVersionUID = 1L;

    private final Map<String, String> refusals;

    public UnwritableClassException(Map<String, String> refusals, @Nullable Throwable cause) {
        super("a registered class cannot be written: " + (refusals.isEmpty()
                ? "no serializer is available (add a serializer module, e.g. dev.sessiondata:serializer-fory)"
                : String.join("; ", refusals.values()) + missingDefault(refusals, SessionSerializers::isInstalled)),
                cause);
        this.refusals = Map.copyOf(refusals);
    }

    /**
     * The sentence that names the module of the service's default serializer when {@code installed} says it is
     * missing and it was not among the serializers that refused; else empty.
     */
    static String missingDefault(Map<String, String> refusals, Predicate<String> installed) {
        String id = KnownSerializers.DEFAULT_ACTIVE;
        if (refusals.containsKey(id) || installed.test(id)) {
            return "";
        }
        return ". The service writes with " + id + " unless its sessiondata.serializer.active names another, and this "
                + "client does not have it: add " + KnownSerializers.GROUP_ID + ":"
                + KnownSerializers.artifactOf(id).orElseThrow() + " (its version from " + KnownSerializers.GROUP_ID
                + ":serializer-bom)";
    }

    /** Per serializer id, why it refused; every id that refused. */
    public Map<String, String> refusals() {
        return refusals;
    }
}
