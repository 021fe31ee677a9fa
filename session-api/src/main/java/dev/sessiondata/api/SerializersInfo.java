package dev.sessiondata.api;

import java.util.List;
import java.util.Objects;

/**
 * The body of {@code GET /api/v1/serializers}, as JSON {@code {"active": "...", "accepted": [...], "available": [...]}}.
 *
 * @param active    the serializer new writes should use
 * @param accepted  the serializers the server takes in writes; includes {@code active}
 * @param available the serializers whose library the server has; includes {@code accepted}
 */
public record SerializersInfo(String active, List<String> accepted, List<String> available) {

    public SerializersInfo {
        Objects.requireNonNull(active, "active");
        accepted = List.copyOf(accepted);
        available = List.copyOf(available);
    }
}
