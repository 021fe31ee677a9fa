package dev.sessiondata.client.internal;

import dev.sessiondata.client.SessionClientException;
import dev.sessiondata.api.SerializersInfo;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Reads the answer of {@code GET /serializers} into the API's {@link SerializersInfo}. */
final class ServerSerializers {

    private ServerSerializers() {
    }

    static SerializersInfo parse(ApiResponse response) {
        try {
            if (JsonDocuments.parse(response.body()) instanceof Map<?, ?> members
                    && members.get("active") instanceof String active && !active.isBlank()) {
                return new SerializersInfo(active, strings(members.get("accepted")), strings(members.get("available")));
            }
        } catch (IOException e) {
            throw new SessionClientException(response.request() + " answered unreadable JSON", e);
        }
        throw new SessionClientException(response.request() + " answered without an \"active\" serializer", null);
    }

    private static List<String> strings(@Nullable Object value) {
        if (value instanceof List<?> values) {
            return values.stream().filter(String.class::isInstance).map(String.class::cast).toList();
        }
        return List.of();
    }
}
