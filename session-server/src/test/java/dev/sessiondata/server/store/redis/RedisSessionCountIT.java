package dev.sessiondata.server.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.support.RedisConnections;
import dev.sessiondata.testsupport.RedisProcess;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The Redis session count on a redis-server of the test's own: its estimate is checked against a database whose
 * every key the test knows, which the shared Redis (other tests write there at the same time) cannot give.
 * The counts also show what they cost Redis, from its own command statistics.
 */
class RedisSessionCountIT {

    private static final int SAMPLE = 1000;
    private static final SessionWrite WRITE =
            new SessionWrite("x".getBytes(StandardCharsets.UTF_8), "java", Duration.ofMinutes(5));

    private static RedisProcess redis;
    private static LettuceConnectionFactory connections;

    @BeforeAll
    static void startRedis() throws Exception {
        redis = RedisProcess.startOnFreePort();
        connections = RedisConnections.standalone(redis.url());
    }

    @AfterAll
    static void stopRedis() throws Exception {
        connections.destroy();
        redis.close();
    }

    @AfterEach
    void removeKeys() {
        RedisConnections.deleteKeys(connections, "");
    }

    @Test
    void aDatabaseNoLargerThanTheSampleIsCountedExactly() {
        SessionStore store = store("count:");
        SessionStoreStatistics statistics = statistics("count:");
        writeSessions(store, 300);
        writeSessions(store("other:"), 200);
        writeForeignKeys("count:descriptors:", 100);

        assertThat(statistics.estimatedSessionCount()).isEqualTo(300);
    }

    @Test
    void aStoreThatOwnsItsDatabaseCountsItsSizeWithoutScanning() {
        SessionStore store = store("count:");
        SessionStoreStatistics statistics = statistics("count:");
        writeSessions(store, 3 * SAMPLE);
        resetCommandStatistics();

        // besides the sessions the database holds the change feed's keys, two per partition: within six standard
        // errors of their share (about 1 %) of the sample
        assertThat((double) statistics.estimatedSessionCount()).isCloseTo(3 * SAMPLE, within(0.02 * 3 * SAMPLE));
        assertThat(calls("scan")).isZero();
        assertThat(calls("dbsize")).isEqualTo(1);
        assertThat(calls("randomkey")).isEqualTo(SAMPLE);
    }

    /**
     * Half of the keys are this store's sessions: the relative standard error is sqrt(0.5 / (0.5 * 1000)) = 3.2 %,
     * so 20 % is more than six standard errors and the test fails by chance less than once in a hundred million.
     */
    @Test
    void aSharedDatabaseIsEstimatedFromABoundedSampleWithoutScanning() {
        SessionStore store = store("count:");
        SessionStoreStatistics statistics = statistics("count:");
        writeSessions(store, 2 * SAMPLE);
        writeSessions(store("other:"), SAMPLE);
        writeForeignKeys("unrelated:", SAMPLE);
        resetCommandStatistics();

        assertThat((double) statistics.estimatedSessionCount()).isCloseTo(2 * SAMPLE, within(0.2 * 2 * SAMPLE));
        assertThat(calls("scan")).isZero();
        assertThat(calls("randomkey")).isEqualTo(SAMPLE);
    }

    @Test
    void globCharactersInThePrefixMatchThemselves() {
        SessionStore store = store("count*[a]?:");
        SessionStoreStatistics statistics = statistics("count*[a]?:");
        writeSessions(store, 5);
        writeSessions(store("countX[a]?:"), 7);
        writeSessions(store("count*a?:"), 11);

        assertThat(statistics.estimatedSessionCount()).isEqualTo(5);
    }

    private static SessionStore store(String prefix) {
        return new RedisSessionStore(connections, prefix, Clock.systemUTC());
    }

    private static SessionStoreStatistics statistics(String prefix) {
        return new RedisSessionStatistics(connections, prefix, SAMPLE);
    }

    private static void writeSessions(SessionStore store, int count) {
        for (int i = 0; i < count; i++) {
            store.put("s" + i, WRITE, Precondition.none()).toCompletableFuture().join();
        }
    }

    private static void writeForeignKeys(String prefix, int count) {
        try (RedisConnection connection = connections.getConnection()) {
            for (int i = 0; i < count; i++) {
                connection.stringCommands().set((prefix + i).getBytes(StandardCharsets.UTF_8), new byte[] {1});
            }
        }
    }

    private static void resetCommandStatistics() {
        assertThat(redis.command("CONFIG RESETSTAT")).startsWith("+OK");
    }

    /** How often Redis ran {@code command} since the statistics were reset ({@code INFO commandstats}). */
    private static long calls(String command) {
        Matcher calls = Pattern.compile("cmdstat_" + command + ":calls=(\\d+)").matcher(redis.command("INFO commandstats"));
        return calls.find() ? Long.parseLong(calls.group(1)) : 0;
    }
}
