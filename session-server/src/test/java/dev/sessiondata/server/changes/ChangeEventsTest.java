package dev.sessiondata.server.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.SessionChange;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A change as its event's JSON and frame: plain text as it is, what JSON must escape escaped. */
class ChangeEventsTest {

    @Test
    void plainIdsAndVersionsGoAsTheyAre() {
        SessionChange change = new SessionChange(0, "e", 1, "a1-B_c", "0f3a", SessionChange.Kind.UPDATED, 42,
                IndexValues.none());

        assertThat(ChangeEvents.data(change, false)).isEqualTo("{\"id\":\"a1-B_c\",\"version\":\"0f3a\",\"t\":42}");
        assertThat(new String(new ChangeEvents(change).unpositioned().frame(), StandardCharsets.UTF_8))
                .isEqualTo("event:change\ndata:{\"id\":\"a1-B_c\",\"version\":\"0f3a\",\"t\":42}\n\n");
    }

    @Test
    void quotesBackslashesAndControlCharactersAreEscapedWhereverTheyStand() {
        SessionChange change = new SessionChange(0, "e", 1, "s", null, SessionChange.Kind.DELETED, 0,
                new IndexValues(Map.of("principal", "bob \"the\" \\builder\\\n")));

        assertThat(ChangeEvents.data(change, true)).isEqualTo("{\"id\":\"s\",\"deleted\":true,"
                + "\"index\":{\"principal\":\"bob \\\"the\\\" \\\\builder\\\\\\u000a\"},\"publish\":true}");
    }

    @Test
    void dataOfSeveralLinesGoesAsOneDataLineEach() {
        FeedEvent event = new FeedEvent(FeedEvent.HEARTBEAT, "p", "{\n}", 0);

        assertThat(new String(event.frame(), StandardCharsets.UTF_8))
                .isEqualTo("id:p\nevent:heartbeat\ndata:{\ndata:}\n\n");
    }
}
