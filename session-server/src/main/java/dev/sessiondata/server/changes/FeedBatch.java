package dev.sessiondata.server.changes;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.util.Collections;
import java.util.List;

/**
 * The events one stream sends in one write, in order: one or more, never none. Of the changes in it, only the last
 * carries an id (the stream's position after it); the others have none, as a {@code text/event-stream} allows, and
 * a client that reads them keeps the id it read before. Immutable.
 */
public final class FeedBatch {

    private final List<FeedEvent> events;

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
     * The batch as {@code text/event-stream} bytes: one event's shared frame as it is, several copied once into one
     * buffer from {@code allocator}, so that the stream writes them with one call to its socket.
     */
    ByteBuf frame(ByteBufAllocator allocator) {
        if (events.size() == 1) {
            return Unpooled.wrappedBuffer(events.get(0).frame());
        }
        int length = 0;
        for (FeedEvent event : events) {
            length += event.frame().length;
        }
        ByteBuf frame = allocator.directBuffer(length);
        for (FeedEvent event : events) {
            frame.writeBytes(event.frame());
        }
        return frame;
    }
}
