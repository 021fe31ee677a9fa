package dev.sessiondata.client.internal;

import dev.sessiondata.client.UnsupportedSerializerException;
import dev.sessiondata.client.UnauthorizedException;
import dev.sessiondata.client.SessionServiceException;
import dev.sessiondata.client.SessionNotFoundException;
import dev.sessiondata.client.ServiceUnavailableException;
import dev.sessiondata.client.Problem;
import dev.sessiondata.client.PayloadTooLargeException;
import dev.sessiondata.client.ForbiddenException;
import dev.sessiondata.client.ConflictException;
import dev.sessiondata.client.OutcomeUnknownException;
import dev.sessiondata.client.SessionExistsException;
import dev.sessiondata.api.ProblemType;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Turns an error answer into the typed exception of its status, carrying the problem document. */
public final class Failures {

    private static final Set<String> STANDARD_MEMBERS = Set.of("type", "title", "status", "detail", "instance");
    private static final int MAX_DETAIL_OF_NON_PROBLEM = 512;

    private Failures() {
    }

    public static SessionServiceException of(ApiResponse response) {
        Problem problem = problemOf(response);
        String request = response.request();
        return switch (response.status()) {
            case 401 -> new UnauthorizedException(request, problem);
            case 403 -> new ForbiddenException(request, problem);
            case 404 -> new SessionNotFoundException(request, problem);
            case 409 -> problem.type().equals(ProblemType.SESSION_EXISTS.uri())
                    ? new SessionExistsException(request, problem) : new SessionServiceException(request, problem);
            case 412 -> new ConflictException(request, problem);
            case 413 -> new PayloadTooLargeException(request, problem);
            case 415 -> new UnsupportedSerializerException(request, problem);
            case 503 -> new ServiceUnavailableException(request, problem);
            // the service's store-outcome-unknown, and a gateway's timeout alike: the request went on unanswered
            case 504 -> new OutcomeUnknownException(request, problem);
            default -> new SessionServiceException(request, problem);
        };
    }

    /** The problem document of an answer; one made from its status and body when it carried none. */
    public static Problem problemOf(ApiResponse response) {
        String text = new String(response.body(), StandardCharsets.UTF_8);
        boolean json = response.header("Content-Type").map(type -> type.contains("json")).orElse(false);
        if (json) {
            try {
                if (JsonDocuments.parse(response.body()) instanceof Map<?, ?> members) {
                    return fromMembers(response.status(), members);
                }
            } catch (IOException malformed) {
                // not a problem document after all: report the raw body below
            }
        }
        String detail = text.isBlank() ? null : text.length() > MAX_DETAIL_OF_NON_PROBLEM
                ? text.substring(0, MAX_DETAIL_OF_NON_PROBLEM) + "..." : text.strip();
        return new Problem(Problem.ABOUT_BLANK, null, response.status(), detail, null, Map.of());
    }

    /** The answer's status wins over a {@code status} member, so that the exception type and the problem agree. */
    private static Problem fromMembers(int status, Map<?, ?> members) {
        Map<String, Object> properties = new HashMap<>();
        members.forEach((name, value) -> {
            if (value != null && !STANDARD_MEMBERS.contains((String) name)) {
                properties.put((String) name, value);
            }
        });
        URI type = uri(members.get("type"));
        return new Problem(type == null ? Problem.ABOUT_BLANK : type, string(members.get("title")),
                status,
                string(members.get("detail")), uri(members.get("instance")), properties);
    }

    private static @Nullable String string(@Nullable Object value) {
        return value instanceof String text ? text : null;
    }

    private static @Nullable URI uri(@Nullable Object value) {
        if (value instanceof String text) {
            try {
                return URI.create(text);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return null;
    }
}
