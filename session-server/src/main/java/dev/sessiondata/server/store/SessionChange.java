package dev.sessiondata.server.store;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One content change of a session as a store's change feed records it: the session's new version, or its deletion
 * ({@code version} null: a delete, the old id of an id change, an expiry the store reports), numbered
 * {@code sequence} within its partition's {@code epoch}.
 *
 * @param committedAtMillis when the store committed the change (epoch milliseconds), for the delivery lag
 */
public record SessionChange(int partition, String epoch, long sequence, String id, @Nullable String version,
        long committedAtMillis) {

    public SessionChange {
        Objects.requireNonNull(epoch, "epoch");
        Objects.requireNonNull(id, "id");
    }

    public boolean deleted() {
        return version == null;
    }
}
