package dev.sessiondata.server.changes;

import dev.sessiondata.server.store.SessionChange;
import java.util.Arrays;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One change as the events the feed's streams are sent. Its data is encoded once; its event carries the position
 * after it, which differs between streams, so the event made for one stream is kept and given as it is to the next
 * stream at the same position. The streams that follow the store's head all are (each one's position after a
 * change is every partition's last sequence number), so the change is encoded once for all of them; a stream
 * elsewhere, catching up from where it resumed, gets an event of its own with the same data. Thread-safe: the
 * streams take their events under their own locks, on whichever thread delivers to them.
 */
final class ChangeEvents {

    private final SessionChange change;
    private final String data;
    private final FeedEvent unpositioned;
    private volatile @Nullable Positioned last;

    ChangeEvents(SessionChange change) {
        this.change = change;
        this.data = data(change, false);
        this.unpositioned = new FeedEvent(FeedEvent.CHANGE, null, data, change.committedAtMillis());
    }

    SessionChange change() {
        return change;
    }

    /**
     * The change's event without an id, the same for every stream: what a stream sends for a change that is not the
     * last of its write (a client keeps the last id it read, which the write's last event carries).
     */
    FeedEvent unpositioned() {
        return unpositioned;
    }

    /** The change's event for a stream whose position after it is {@code epochs} and {@code sequences}. */
    FeedEvent at(String[] epochs, long[] sequences) {
        Positioned shared = last;
        if (shared != null && Arrays.equals(shared.sequences(), sequences) && Arrays.equals(shared.epochs(), epochs)) {
            return shared.event();
        }
        FeedEvent event = new FeedEvent(FeedEvent.CHANGE, FeedPosition.text(epochs, sequences), data,
                change.committedAtMillis());
        last = new Positioned(epochs.clone(), sequences.clone(), event);
        return event;
    }

    /** {@code unpublished} (an event of this change) marked for the one stream of a group that publishes it. */
    FeedEvent publishing(FeedEvent unpublished) {
        return new FeedEvent(FeedEvent.CHANGE, unpublished.id(), data(change, true), change.committedAtMillis());
    }

    /** An event made for a stream at a position, with that position's copy (the stream's own arrays change). */
    private record Positioned(String[] epochs, long[] sequences, FeedEvent event) {
    }

    /**
     * A change as its event's data: {@code {"id":…,"version":…}} for a write, {@code {"id":…,"deleted":true}} for a
     * deletion, with its {@code "kind"} where it is not the one these imply (an update, a delete: the most common
     * events stay as short as they were), its commit time {@code "t"}, the index values of a session that begins
     * or ends ({@code "index":{"principal":"alice"}}, only when it has some), and {@code "publish":true} for the
     * subscriber that publishes it for its group.
     */
    static String data(SessionChange change, boolean publish) {
        StringBuilder data = new StringBuilder(96).append("{\"id\":\"").append(json(change.id()));
        if (change.deleted()) {
            data.append("\",\"deleted\":true");
        } else {
            data.append("\",\"version\":\"").append(json(change.version())).append('"');
        }
        if (change.kind() != SessionChange.Kind.UPDATED && change.kind() != SessionChange.Kind.DELETED) {
            data.append(",\"kind\":\"").append(change.kind().text()).append('"');
        }
        if (change.committedAtMillis() > 0) {
            // the commit time in epoch milliseconds, from which a subscriber measures its delivery lag
            data.append(",\"t\":").append(change.committedAtMillis());
        }
        if (!change.indexes().isEmpty()) {
            data.append(",\"index\":{");
            String comma = "";
            for (Map.Entry<String, String> value : change.indexes().values().entrySet()) {
                data.append(comma).append('"').append(json(value.getKey())).append("\":\"")
                        .append(json(value.getValue())).append('"');
                comma = ",";
            }
            data.append('}');
        }
        if (publish) {
            data.append(",\"publish\":true");
        }
        return data.append('}').toString();
    }

    /** {@code text} as the inside of a JSON string: itself when nothing in it needs escaping, as ids and versions. */
    private static String json(@Nullable String text) {
        if (text == null) {
            return "";
        }
        int first = 0;
        while (first < text.length() && !escaped(text.charAt(first))) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder json = new StringBuilder(text.length() + 8).append(text, 0, first);
        for (char c : text.substring(first).toCharArray()) {
            if (c == '"' || c == '\\') {
                json.append('\\').append(c);
            } else if (c < 0x20) {
                json.append(String.format("\\u%04x", (int) c));
            } else {
                json.append(c);
            }
        }
        return json.toString();
    }

    private static boolean escaped(char c) {
        return c == '"' || c == '\\' || c < 0x20;
    }
}
