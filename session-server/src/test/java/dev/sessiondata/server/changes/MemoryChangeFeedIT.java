package dev.sessiondata.server.changes;

import dev.sessiondata.server.support.RunningServer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The change feed of the memory store over HTTP, with a history of five changes per partition. */
class MemoryChangeFeedIT extends ChangeFeedOverHttpContract {

    private static RunningServer server;

    @BeforeAll
    static void start() {
        server = RunningServer.start(Stream.concat(Stream.of(FEED_SETTINGS),
                Stream.of("sessiondata.changes.history=5")).toArray(String[]::new));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Override
    RunningServer writes() {
        return server;
    }

    @Override
    RunningServer feed() {
        return server;
    }

    @Override
    int changesBeyondTheHistory() {
        return 7;
    }
}
