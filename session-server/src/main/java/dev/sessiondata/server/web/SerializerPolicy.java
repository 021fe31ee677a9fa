package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SerializersInfo;
import dev.sessiondata.api.SessionApi;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Which serializer new writes should use ({@code active}) and which the server still takes ({@code accepted}),
 * checked against the ones whose library is present ({@code available}). The server never deserializes a
 * session: a serializer id here is only a tag that travels with the bytes.
 */
public final class SerializerPolicy {

    private final SerializersInfo info;

    private SerializerPolicy(SerializersInfo info) {
        this.info = info;
    }

    /**
     * The policy of this configuration; a {@link SerializerConfigurationException} that says what to change when
     * {@code active} or an {@code accepted} id is not available, or {@code active} is not accepted.
     */
    public static SerializerPolicy of(String active, List<String> accepted, List<String> available) {
        List<String> taken = accepted.isEmpty() ? available : List.copyOf(accepted);
        List<String> missing = taken.stream().filter(id -> !available.contains(id)).toList();
        if (!missing.isEmpty()) {
            throw new SerializerConfigurationException("sessiondata.serializer.accepted names serializers that are "
                    + "not available: " + missing + "; available: " + available, available);
        }
        if (!available.contains(active)) {
            throw new SerializerConfigurationException("sessiondata.serializer.active '" + active
                    + "' is not an available serializer; available: " + available, available);
        }
        if (!taken.contains(active)) {
            throw new SerializerConfigurationException("sessiondata.serializer.active '" + active
                    + "' is not in sessiondata.serializer.accepted " + taken + "; add it there", available);
        }
        return new SerializerPolicy(new SerializersInfo(active, taken, available));
    }

    public SerializersInfo info() {
        return info;
    }

    public String active() {
        return info.active();
    }

    /** The serializer id of a session body's {@code Content-Type}; a {@code 415} problem unless it is accepted. */
    public String requireAccepted(@Nullable String contentType) {
        Optional<String> id = contentType == null ? Optional.empty() : SessionApi.serializerIdOf(contentType);
        if (id.isPresent() && info.accepted().contains(id.get())) {
            return id.get();
        }
        String detail = id.map(value -> "Serializer '" + value + "' is not accepted")
                .orElse("Content-Type " + (contentType == null ? "is missing" : "'" + contentType + "' names no serializer"))
                + "; send " + SessionApi.SESSION_MEDIA_TYPE_PREFIX + "<id> with one of " + info.accepted() + ".";
        throw new ApiProblemException(ProblemType.UNSUPPORTED_SERIALIZER, detail, Map.of("accepted", info.accepted()));
    }
}
