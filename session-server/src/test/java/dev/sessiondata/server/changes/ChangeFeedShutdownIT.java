package dev.sessiondata.server.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.server.support.FeedStream;
import dev.sessiondata.server.support.RunningServer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A server that stops ends its change feed streams before its graceful shutdown waits for the requests in progress:
 * a stream never ends by itself, so the shutdown would otherwise wait its whole timeout (here 60 s) and then cut it.
 */
class ChangeFeedShutdownIT {

    @Test
    void aStoppingServerEndsItsStreamsAndDoesNotWaitForThem() {
        RunningServer server = RunningServer.start("spring.lifecycle.timeout-per-shutdown-phase=60s");
        try (FeedStream stream = FeedStream.open(server.baseUri(), RunningServer.READER_TOKEN, null)) {
            FeedStream.Event hello = stream.nextBesidesHeartbeats(Duration.ofSeconds(10));
            assertThat(hello).isNotNull();
            assertThat(hello.name()).isEqualTo(FeedEvent.HELLO);

            CompletableFuture<Void> stopped = CompletableFuture.runAsync(server::close);

            await().atMost(Duration.ofSeconds(30)).until(stopped::isDone);
            assertThat(stopped).isCompleted();
            FeedStream.Event last = stream.nextBesidesHeartbeats(Duration.ofSeconds(5));
            assertThat(last).isNotNull();
            assertThat(last.name()).isEqualTo("end");
        } finally {
            server.close();
        }
    }
}
