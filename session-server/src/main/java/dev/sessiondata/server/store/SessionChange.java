package dev.sessiondata.server.store;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One content change of a session as a store's change feed records it: the session's new version, or its deletion
 * ({@code version} null: a delete, the old id of an id change, an expiry the store reports), what kind of change it
 * was, numbered {@code sequence} within its partition's {@code epoch}.
 *
 * @param committedAtMillis when the store committed the change (epoch milliseconds), for the delivery lag
 * @param indexes the index values the session had, told with a session's beginning or end ({@link Kind#CREATED},
 *     {@link Kind#DELETED}, {@link Kind#EXPIRED}) so that an application hears whose session it was; none with the
 *     other kinds
 */
public record SessionChange(int partition, String epoch, long sequence, String id, @Nullable String version,
        Kind kind, long committedAtMillis, IndexValues indexes) {

    /**
     * What happened to the session. A kind with a version ({@link #CREATED}, {@link #UPDATED}) is a write; the
     * others are deletions. An id change is the old id {@link #MOVED} and the new id {@link #UPDATED}: the session
     * lives on, so neither is a session's beginning or end.
     */
    public enum Kind {
        CREATED("created"), UPDATED("updated"), DELETED("deleted"), EXPIRED("expired"), MOVED("moved");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        /** As the feed's events name it. */
        public String text() {
            return text;
        }

        /** A session's beginning or end, as Spring Session publishes it: what an application group claims. */
        public boolean isLifecycle() {
            return this == CREATED || this == DELETED || this == EXPIRED;
        }
    }

    public SessionChange {
        Objects.requireNonNull(epoch, "epoch");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(indexes, "indexes");
        if ((version == null) != (kind == Kind.DELETED || kind == Kind.EXPIRED || kind == Kind.MOVED)) {
            throw new IllegalArgumentException("a " + kind.text() + " change " + (version == null ? "needs" : "has no")
                    + " version");
        }
    }

    /** A change that tells no index values. */
    public SessionChange(int partition, String epoch, long sequence, String id, @Nullable String version, Kind kind,
            long committedAtMillis) {
        this(partition, epoch, sequence, id, version, kind, committedAtMillis, IndexValues.none());
    }

    public boolean deleted() {
        return version == null;
    }
}
