package dev.sessiondata.client;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** The answer of {@code GET /serializers}: what new writes should use, what the service takes, what it knows. */
record ServerSerializers(String active, List<String> accepted, List<String> available) {

    static ServerSerializers parse(ApiResponse response) {
        try {
            if (Json.parse(new String(response.body(), StandardCharsets.UTF_8)) instanceof Map<?, ?> members
                    && members.get("active") instanceof String active && !active.isBlank()) {
                return new ServerSerializers(active, strings(members.get("accepted")),
                        strings(members.get("available")));
            }
        } catch (IllegalArgumentException e) {
            throw new SessionClientException(response.request() + " answered unreadable JSON", e);
        }
        throw new SessionClientException(response.request() + " answered without an \"active\" serializer", null);
    }

    private static List<String> strings(Object value) {
        if (value instanceof List<?> values) {
            return values.stream().filter(String.class::isInstance).map(String.class::cast).toList();
        }
        return List.of();
    }
}
