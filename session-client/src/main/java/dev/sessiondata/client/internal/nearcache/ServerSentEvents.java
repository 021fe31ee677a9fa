package dev.sessiondata.client.internal.nearcache;

import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Turns the lines of a {@code text/event-stream} into {@link FeedEvent}s, as the HTML standard's event-stream
 * interpretation says: a blank line dispatches, {@code :} starts a comment, a field's value loses one leading space,
 * an {@code id} containing NUL is ignored, and a block without data dispatches nothing. Not thread-safe: one
 * parser per stream, fed in order.
 */
final class ServerSentEvents {

    private static final String DEFAULT_TYPE = "message";

    private final Consumer<FeedEvent> dispatch;
    private final StringBuilder data = new StringBuilder();
    private boolean hasData;
    private @Nullable String type;
    private @Nullable String lastEventId;

    ServerSentEvents(Consumer<FeedEvent> dispatch) {
        this.dispatch = dispatch;
    }

    /** The last {@code id} the stream set, which a reconnection sends back as {@code Last-Event-ID}. */
    @Nullable String lastEventId() {
        return lastEventId;
    }

    /** One line, without its line terminator. */
    void line(String line) {
        if (line.isEmpty()) {
            dispatch();
            return;
        }
        if (line.charAt(0) == ':') {
            return;
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        String value = colon < 0 ? "" : line.substring(line.length() > colon + 1 && line.charAt(colon + 1) == ' '
                ? colon + 2 : colon + 1);
        switch (field) {
            case "event" -> type = value;
            case "data" -> {
                if (hasData) {
                    data.append('\n');
                }
                data.append(value);
                hasData = true;
            }
            case "id" -> {
                if (value.indexOf('\0') < 0) {
                    lastEventId = value;
                }
            }
            default -> {
                // "retry" and unknown fields: the feed's own backoff decides when to reconnect
            }
        }
    }

    private void dispatch() {
        String eventType = type == null || type.isEmpty() ? DEFAULT_TYPE : type;
        type = null;
        if (!hasData) {
            return;
        }
        String eventData = data.toString();
        data.setLength(0);
        hasData = false;
        dispatch.accept(new FeedEvent(eventType, eventData, lastEventId));
    }
}
