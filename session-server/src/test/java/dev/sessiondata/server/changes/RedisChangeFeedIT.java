package dev.sessiondata.server.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.support.FeedStream;
import dev.sessiondata.server.support.FeedStream.Event;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.testsupport.RedisTarget;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The change feed of the Redis store over HTTP with two server instances on one Redis and one key prefix: every
 * write goes through the first, every subscriber asks the second. The streams keep about 100 changes per
 * partition (Redis trims whole nodes of 100 entries).
 */
@ExtendWith(RedisTarget.class)
class RedisChangeFeedIT extends ChangeFeedOverHttpContract {

    private static final String KEY_PREFIX = "sessiondata-it-feed-" + UUID.randomUUID() + ":";

    private static RunningServer first;
    private static RunningServer second;
    private static LettuceConnectionFactory connections;

    /** The shared Redis's keyspace notifications as the test found them; the servers add expiries to them. */
    private static String notificationsFound;

    @BeforeAll
    static void start() {
        connections = RedisConnections.standalone(RedisTarget.url());
        try (RedisConnection connection = connections.getConnection()) {
            notificationsFound = connection.serverCommands().getConfig("notify-keyspace-events")
                    .getProperty("notify-keyspace-events", "");
        }
        String[] settings = Stream.concat(Stream.of(FEED_SETTINGS), Stream.of("sessiondata.store.type=redis",
                "spring.data.redis.url=" + RedisTarget.url(), "sessiondata.store.redis.key-prefix=" + KEY_PREFIX,
                "sessiondata.changes.history=1")).toArray(String[]::new);
        first = RunningServer.start(settings);
        second = RunningServer.start(settings);
    }

    @AfterAll
    static void stop() {
        first.close();
        second.close();
        try (RedisConnection connection = connections.getConnection()) {
            connection.serverCommands().setConfig("notify-keyspace-events", notificationsFound);
        }
        try {
            RedisConnections.deleteKeys(connections, KEY_PREFIX);
        } finally {
            connections.destroy();
        }
    }

    @Override
    RunningServer writes() {
        return first;
    }

    @Override
    RunningServer feed() {
        return second;
    }

    @Override
    int changesBeyondTheHistory() {
        return 250;
    }

    /**
     * The store emptied behind the servers' backs (this run's keys deleted, as a FLUSHDB or a restarted Redis
     * without persistence would): a subscriber is cut with a reset within the epoch check, and a resume from its
     * old position is answered with one.
     */
    @Test
    void anEmptiedStoreResetsItsSubscribers() {
        put(newId());
        try (FeedStream stream = subscribe(null)) {
            String position = hello(stream).id();

            RedisConnections.deleteKeys(connections, KEY_PREFIX);
            put(newId());

            Event reset = stream.nextBesidesHeartbeats(WAIT);
            assertThat(reset).isNotNull();
            assertThat(reset.name()).isEqualTo("reset");
            assertThat(reset.data()).isEqualTo("{\"reason\":\"epoch\"}");
            assertThat(stream.nextBesidesHeartbeats(WAIT).name()).isEqualTo("end");

            try (FeedStream resumed = subscribe(position)) {
                Event again = resumed.nextBesidesHeartbeats(WAIT);
                assertThat(again.name()).isEqualTo("reset");
                assertThat(again.data()).isEqualTo("{\"reason\":\"epoch\"}");
                hello(resumed);
            }
        }
    }
}
