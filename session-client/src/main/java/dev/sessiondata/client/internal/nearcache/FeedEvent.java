package dev.sessiondata.client.internal.nearcache;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One server-sent event as the stream delivered it: its type ({@code message} when the stream named none), its
 * data (the {@code data:} lines joined with {@code \n}) and the {@code id:} in effect when it was dispatched.
 */
record FeedEvent(String type, String data, @Nullable String lastEventId) {

    FeedEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(data, "data");
    }
}
