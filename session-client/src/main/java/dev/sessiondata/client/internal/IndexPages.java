package dev.sessiondata.client.internal;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.IndexedSession;
import dev.sessiondata.client.SessionClientException;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * The index parts of the wire: a write's {@code Session-Index} field, the path of a lookup's page, and the page the
 * service answers ({@code sessions}, each {@code id} and {@code version}, and {@code next} unless it is the last).
 */
public final class IndexPages {

    private IndexPages() {
    }

    /** One page: the sessions and the cursor of the following page (null: this is the last). */
    public record Page(List<IndexedSession> sessions, @Nullable String next) {
    }

    /** The {@code Session-Index} field value of {@code indexes}: name=value pairs, each value percent-encoded. */
    public static String header(Map<String, String> indexes) {
        StringJoiner field = new StringJoiner(",");
        indexes.forEach((name, value) -> field.add(name + "=" + encode(value)));
        return field.toString();
    }

    /** The path and query of the page of {@code value} of index {@code name} after {@code after} (null: the first). */
    public static String path(String name, String value, @Nullable String after) {
        return SessionApi.INDEX_SESSIONS_PATH.replace("{name}", encode(name)) + "?"
                + SessionApi.INDEX_VALUE_PARAMETER + "=" + encode(value)
                + (after == null ? "" : "&" + SessionApi.INDEX_AFTER_PARAMETER + "=" + encode(after));
    }

    /** The page a successful lookup answered. */
    public static Page parse(ApiResponse response) {
        try {
            if (JsonDocuments.parse(response.body()) instanceof Map<?, ?> members
                    && members.get("sessions") instanceof List<?> listed) {
                List<IndexedSession> sessions = new ArrayList<>(listed.size());
                for (Object entry : listed) {
                    if (entry instanceof Map<?, ?> session && session.get("id") instanceof String id
                            && session.get("version") instanceof String version) {
                        sessions.add(new IndexedSession(id, version));
                    } else {
                        throw new SessionClientException(response.request() + " answered a session without id or "
                                + "version", null);
                    }
                }
                return new Page(List.copyOf(sessions), members.get("next") instanceof String next ? next : null);
            }
        } catch (IOException e) {
            throw new SessionClientException(response.request() + " answered unreadable JSON", e);
        }
        throw new SessionClientException(response.request() + " answered without \"sessions\"", null);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
