package dev.sessiondata.server.changes;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One server-sent event of the feed: its {@code event:} name, {@code id:} (the position after it; null for a
 * {@code reset}) and JSON {@code data:}, and its {@code text/event-stream} bytes, encoded once when it is made: the
 * streams that are sent the same event (a change, to every stream at the same position) send the same bytes.
 */
public final class FeedEvent {

    public static final String HELLO = "hello";
    public static final String CHANGE = "change";
    public static final String HEARTBEAT = "heartbeat";
    public static final String RESET = "reset";

    private final String name;
    private final @Nullable String id;
    private final String data;
    private final long committedAtMillis;
    private final byte[] frame;

    /** @param committedAtMillis when the store committed the change a {@code change} event tells of (0 for others) */
    public FeedEvent(String name, @Nullable String id, String data, long committedAtMillis) {
        this.name = Objects.requireNonNull(name, "name");
        this.id = id;
        this.data = Objects.requireNonNull(data, "data");
        this.committedAtMillis = committedAtMillis;
        this.frame = frame(name, id, data);
    }

    public String name() {
        return name;
    }

    public @Nullable String id() {
        return id;
    }

    public String data() {
        return data;
    }

    public long committedAtMillis() {
        return committedAtMillis;
    }

    /**
     * The event as {@code text/event-stream} lines (id, event, then each line of the data), ended by a blank line.
     * Shared by every stream that sends this event: read it, never write it.
     */
    byte[] frame() {
        return frame;
    }

    private static byte[] frame(String name, @Nullable String id, String data) {
        StringBuilder frame = new StringBuilder(32 + data.length() + (id == null ? 0 : id.length()));
        if (id != null) {
            frame.append("id:").append(id).append('\n');
        }
        frame.append("event:").append(name).append('\n');
        if (data.indexOf('\n') < 0) {
            // the feed's own data is one line of JSON
            frame.append("data:").append(data).append('\n');
        } else {
            for (String line : data.split("\n", -1)) {
                frame.append("data:").append(line).append('\n');
            }
        }
        frame.append('\n');
        return frame.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FeedEvent event && name.equals(event.name) && Objects.equals(id, event.id)
                && data.equals(event.data) && committedAtMillis == event.committedAtMillis;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, id, data, committedAtMillis);
    }

    @Override
    public String toString() {
        return "FeedEvent[name=" + name + ", id=" + id + ", data=" + data + ", committedAtMillis=" + committedAtMillis
                + "]";
    }
}
