package dev.sessiondata.client;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A serializer this client does not have was asked for: a stored session names it in its {@code Content-Type}, or
 * the service made it the active one and accepts none of this client's. A payload never chooses a deserializer the
 * application did not choose. The message says what to do: add the serializer's artifact (named by
 * {@link #artifactId()}) when its library is not on the class path, or enable it with
 * {@link SessionClientBuilder#enabledSerializers(String...)}, or, when this JVM denies what it needs (one-nio, FST and
 * kryo-unsafe where {@code sun.misc.Unsafe} memory access is denied), run it where it is allowed.
 */
public class SerializerNotEnabledException extends SessionClientException {

    private static final long serialVersionUID = 1L;

    private final String serializerId;
    private final Set<String> enabled;

    public SerializerNotEnabledException(String serializerId, Set<String> enabled, String context) {
        super(context + " serializer '" + serializerId + "', which this client " + remedy(serializerId)
                + "; this client has: " + new TreeSet<>(enabled), null);
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

    /** The artifact id (group {@value KnownSerializers#GROUP_ID}) that brings the serializer; empty if unknown. */
    public Optional<String> artifactId() {
        return KnownSerializers.artifactOf(serializerId);
    }

    private static String remedy(String serializerId) {
        if (SessionSerializers.available().contains(serializerId)) {
            return "has not enabled (SessionClientBuilder.enabledSerializers), or which cannot write its registered "
                    + "classes";
        }
        if (SessionSerializers.isInstalled(serializerId)) {
            return "has, but this JVM denies what it needs (such as sun.misc.Unsafe memory access: "
                    + "SessionSerializers.create says what)";
        }
        return KnownSerializers.artifactOf(serializerId)
                .map(artifact -> "does not have: add the dependency " + KnownSerializers.GROUP_ID + ":" + artifact
                        + " (its version from dev.sessiondata:serializer-bom)")
                .orElse("does not know: no artifact of " + KnownSerializers.GROUP_ID + " brings it");
    }
}
