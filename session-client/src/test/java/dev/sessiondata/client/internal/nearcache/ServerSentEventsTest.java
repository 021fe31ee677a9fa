package dev.sessiondata.client.internal.nearcache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The event-stream interpretation the change feed relies on, line by line. */
class ServerSentEventsTest {

    private final List<FeedEvent> events = new ArrayList<>();
    private final ServerSentEvents parser = new ServerSentEvents(events::add);

    private void feed(String... lines) {
        for (String line : lines) {
            parser.line(line);
        }
    }

    @Test
    void aBlankLineDispatchesTheEventWithItsTypeDataAndId() {
        feed("event: change", "id: p1", "data: {\"id\":\"a\",\"version\":\"v1\"}", "");

        assertThat(events).containsExactly(new FeedEvent("change", "{\"id\":\"a\",\"version\":\"v1\"}", "p1"));
        assertThat(parser.lastEventId()).isEqualTo("p1");
    }

    @Test
    void dataLinesJoinWithNewlinesAndOnlyOneLeadingSpaceIsRemoved() {
        feed("data:first", "data:  second", "");

        assertThat(events).containsExactly(new FeedEvent("message", "first\n second", null));
    }

    @Test
    void commentsAreIgnoredAndABlockWithoutDataDispatchesNothing() {
        feed(": keep-alive", "", "event: heartbeat", "id: p2", "");

        assertThat(events).isEmpty();
        assertThat(parser.lastEventId()).as("the id still moves the position").isEqualTo("p2");
    }

    @Test
    void theIdStaysForLaterEventsAndAnIdWithNulIsIgnored() {
        feed("id: p3", "data: {}", "", "id: bad\0id", "event: heartbeat", "data: {}", "");

        assertThat(events).extracting(FeedEvent::lastEventId).containsExactly("p3", "p3");
        assertThat(events).extracting(FeedEvent::type).containsExactly("message", "heartbeat");
    }

    @Test
    void theTypeIsResetAfterEachDispatch() {
        feed("event: hello", "data: {\"heartbeatMillis\":1000}", "", "data: {}", "");

        assertThat(events).extracting(FeedEvent::type).containsExactly("hello", "message");
    }

    @Test
    void aFieldWithoutColonHasAnEmptyValue() {
        feed("data", "data", "");

        assertThat(events).containsExactly(new FeedEvent("message", "\n", null));
    }
}
