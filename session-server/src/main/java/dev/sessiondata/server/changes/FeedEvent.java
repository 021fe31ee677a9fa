package dev.sessiondata.server.changes;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One server-sent event of the feed: its {@code event:} name, {@code id:} (the position after it; null for a
 * {@code reset}) and JSON {@code data:}.
 *
 * @param committedAtMillis when the store committed the change a {@code change} event tells of (0 for others)
 */
public record FeedEvent(String name, @Nullable String id, String data, long committedAtMillis) {

    public static final String HELLO = "hello";
    public static final String CHANGE = "change";
    public static final String HEARTBEAT = "heartbeat";
    public static final String RESET = "reset";

    public FeedEvent {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(data, "data");
    }
}
