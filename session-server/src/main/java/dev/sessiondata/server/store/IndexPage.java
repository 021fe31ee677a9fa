package dev.sessiondata.server.store;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One page of the live sessions of an index value, in the order of their ids; {@code next} is the cursor of the
 * following page (the last id listed), null when this page is the last.
 */
public record IndexPage(List<IndexedSession> sessions, @Nullable String next) {

    public IndexPage {
        sessions = List.copyOf(Objects.requireNonNull(sessions, "sessions"));
    }
}
