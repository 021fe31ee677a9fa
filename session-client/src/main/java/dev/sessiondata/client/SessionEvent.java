package dev.sessiondata.client;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A session's beginning or end as the service's change feed told it to the one instance of an application group that
 * is to publish it ({@link SessionEventFeed}).
 */
public record SessionEvent(String sessionId, Kind kind) {

    /** What happened to the session. */
    public enum Kind {
        /** Written for the first time. */
        CREATED,
        /** Deleted by a request (an id change is no deletion). */
        DELETED,
        /** Expired: its time to live ran out, though nothing touched it. */
        EXPIRED;

        /** The kind the feed names {@code text}, or null for one that is no beginning or end of a session. */
        static @Nullable Kind of(String text) {
            return switch (text) {
                case "created" -> CREATED;
                case "deleted" -> DELETED;
                case "expired" -> EXPIRED;
                default -> null;
            };
        }
    }

    public SessionEvent {
        Objects.requireNonNull(sessionId, "sessionId");
        Objects.requireNonNull(kind, "kind");
    }
}
