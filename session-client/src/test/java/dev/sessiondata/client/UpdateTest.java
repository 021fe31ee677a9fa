package dev.sessiondata.client;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code update}: read, change, write only if unchanged; after a conflict start again, a bounded number of times. */
class UpdateTest {

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();
    private SessionClient client;

    @BeforeEach
    void startServerAndClient() throws Exception {
        client = server.connect("test-text",
                builder -> builder.updateAttempts(3).updateBackoff(Duration.ZERO, Duration.ofMillis(1)));
    }

    private static Answer text(String value, String version) {
        return SessionClientTest.stored("test-text", value.getBytes(StandardCharsets.UTF_8), version);
    }

    private static Answer conflict() {
        return Answer.problem(412, "https://sessiondata.dev/problems/precondition-failed", "Precondition Failed",
                "changed", "");
    }

    @Test
    void aConflictingWriteIsRetriedOnTheFreshValueWithItsVersion() throws Exception {
        server.enqueue(text("1", "v1")).enqueue(conflict())
                .enqueue(text("5", "v2")).enqueue(SessionClientTest.written(200, "v3", "test-text"));

        String written = client.update("counter", String.class, value -> String.valueOf(Integer.parseInt(value) + 1));

        assertThat(written).isEqualTo("6");
        server.takeRequest();
        assertThat(server.takeRequest().header("If-Match")).isEqualTo("\"v1\"");
        server.takeRequest();
        ScriptedServer.Recorded last = server.takeRequest();
        assertThat(last.header("If-Match")).isEqualTo("\"v2\"");
        assertThat(last.bodyText()).isEqualTo("6");
    }

    @Test
    void updateGivesUpWithAConflictAfterItsAttempts() {
        for (int attempt = 0; attempt < 3; attempt++) {
            server.enqueue(text("1", "v" + attempt)).enqueue(conflict());
        }
        AtomicInteger changes = new AtomicInteger();

        assertThatThrownBy(() -> client.update("counter", String.class, value -> value + changes.incrementAndGet()))
                .isInstanceOf(ConflictException.class)
                .hasMessageContaining("conflicted on all 3 attempts");
        assertThat(changes).hasValue(3);
    }

    @Test
    void updateOfAnAbsentSessionIsNotFound() {
        server.enqueue(Answer.problem(404, "about:blank", "Not Found", "no session counter", ""));

        assertThatThrownBy(() -> client.update("counter", String.class, value -> value))
                .isInstanceOf(SessionNotFoundException.class);
    }
}
