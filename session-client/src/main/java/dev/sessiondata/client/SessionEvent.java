package dev.sessiondata.client;

import dev.sessiondata.api.SessionApi;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A session's beginning or end as the service's change feed told it to the one instance of an application group that
 * is to publish it ({@link SessionEventFeed}), with the index values the session had (its principal name, when its
 * writes gave one): the service never reads a session's bytes, so these are all an event tells of whose session it
 * was.
 *
 * @param indexes the session's value of each index it was listed under, by index name; empty when none
 */
public record SessionEvent(String sessionId, Kind kind, Map<String, String> indexes) {

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
        indexes = Map.copyOf(Objects.requireNonNull(indexes, "indexes"));
    }

    /** An event of a session listed under no index. */
    public SessionEvent(String sessionId, Kind kind) {
        this(sessionId, kind, Map.of());
    }

    /** The name of the user the session belonged to: its value of the service's {@code principal} index. */
    public Optional<String> principal() {
        return Optional.ofNullable(indexes.get(SessionApi.PRINCIPAL_INDEX));
    }
}
