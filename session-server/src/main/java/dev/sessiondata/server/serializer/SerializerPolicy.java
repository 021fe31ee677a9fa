package dev.sessiondata.server.serializer;

import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SerializersInfo;
import dev.sessiondata.api.SessionApi;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Which serializer new writes should use ({@code active}) and which the server still takes ({@code accepted}),
 * checked against the ids the API knows ({@code known}, {@link dev.sessiondata.api.KnownSerializers}). The server
 * never deserializes a session and has no serializer library: a serializer id here is only a tag that travels with
 * the bytes.
 */
public final class SerializerPolicy {

    private final SerializersInfo info;
    /**
     * Each accepted id to itself: a write's id is answered as the configured instance, whose hash is computed once,
     * rather than as the text cut from its {@code Content-Type}, which every map keyed by serializer on the write's
     * way (the store's live counts, the meters) would hash again.
     */
    private final Map<String, String> accepted;

    private SerializerPolicy(SerializersInfo info) {
        this.info = info;
        this.accepted = info.accepted().stream().collect(Collectors.toUnmodifiableMap(id -> id, id -> id, (a, b) -> a));
    }

    /**
     * The policy of this configuration; a {@link SerializerConfigurationException} that says what to change when
     * {@code active} or an {@code accepted} id is not known, or {@code active} is not accepted. An empty
     * {@code accepted} takes every known id.
     */
    public static SerializerPolicy of(String active, List<String> accepted, List<String> known) {
        List<String> taken = accepted.isEmpty() ? known : List.copyOf(accepted);
        List<String> unknown = taken.stream().filter(id -> !known.contains(id)).toList();
        if (!unknown.isEmpty()) {
            throw new SerializerConfigurationException("sessiondata.serializer.accepted names serializers that are "
                    + "not known: " + unknown + "; known: " + known, known);
        }
        if (!known.contains(active)) {
            throw new SerializerConfigurationException("sessiondata.serializer.active '" + active
                    + "' is not a known serializer; known: " + known, known);
        }
        if (!taken.contains(active)) {
            throw new SerializerConfigurationException("sessiondata.serializer.active '" + active
                    + "' is not in sessiondata.serializer.accepted " + taken + "; add it there", known);
        }
        return new SerializerPolicy(new SerializersInfo(active, taken, known));
    }

    public SerializersInfo info() {
        return info;
    }

    public String active() {
        return info.active();
    }

    /**
     * The serializer id of a session body's {@code Content-Type}, in lower case as the ids are known: media types
     * are case-insensitive (RFC 9110 8.3.1), so the stored and answered type is the canonical one. A {@code 415}
     * problem unless it is accepted.
     */
    public String requireAccepted(@Nullable String contentType) {
        Optional<String> id = contentType == null ? Optional.empty()
                : SessionApi.serializerIdOf(contentType).map(value -> value.toLowerCase(Locale.ROOT));
        String configured = id.map(accepted::get).orElse(null);
        if (configured != null) {
            return configured;
        }
        String detail = id.map(value -> "Serializer '" + value + "' is not accepted")
                .orElse("Content-Type " + (contentType == null ? "is missing" : "'" + contentType + "' names no serializer"))
                + "; send " + SessionApi.SESSION_MEDIA_TYPE_PREFIX + "<id> with one of " + info.accepted() + ".";
        throw new ApiProblemException(ProblemType.UNSUPPORTED_SERIALIZER, detail, Map.of("accepted", info.accepted()));
    }
}
