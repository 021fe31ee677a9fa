package dev.sessiondata.server.changes;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The events one stream sends in one write, in order: one or more, never none. Of the changes in it, only the last
 * carries an id (the stream's position after it); the others have none, as a {@code text/event-stream} allows, and
 * a client that reads them keeps the id it read before. Immutable.
 */
public final class FeedBatch {

    private final List<FeedEvent> events;
    /** The events' frames one after the other, made by the first stream that sends the batch. */
    private volatile byte @Nullable [] frames;

    /** @param events the events, in the order the stream is to send them; the batch owns the list from now on */
    FeedBatch(List<FeedEvent> events) {
        if (events.isEmpty()) {
            throw new IllegalArgumentException("a batch holds at least one event");
        }
        this.events = Collections.unmodifiableList(events);
    }

    static FeedBatch of(FeedEvent event) {
        return new FeedBatch(List.of(event));
    }

    public List<FeedEvent> events() {
        return events;
    }

    public int size() {
        return events.size();
    }

    /**
     * The batch as {@code text/event-stream} bytes, so that the stream writes them with one call to its socket: one
     * event's shared frame as it is, several joined once, by the first stream that sends them; the streams at one
     * position share the batch (see {@link FeedSegment}), and so its bytes.
     */
    ByteBuf frame() {
        if (events.size() == 1) {
            return Unpooled.wrappedBuffer(events.get(0).frame());
        }
        byte[] joined = frames;
        if (joined == null) {
            // two streams that join at once join the same bytes: the second's copy is dropped
            int length = 0;
            for (FeedEvent event : events) {
                length += event.frame().length;
            }
            joined = new byte[length];
            int at = 0;
            for (FeedEvent event : events) {
                byte[] frame = event.frame();
                System.arraycopy(frame, 0, joined, at, frame.length);
                at += frame.length;
            }
            frames = joined;
        }
        return Unpooled.wrappedBuffer(joined);
    }
}
