package dev.sessiondata.server.store.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.SessionIndexCompatibilityKit;
import dev.sessiondata.server.store.SessionPartitions;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.Precondition;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MemorySessionIndexTest extends SessionIndexCompatibilityKit {

    @Override
    protected SessionStore createStore() {
        return new MemorySessionStore(64L * 1024 * 1024, Clock.systemUTC(),
                new MemorySessionChanges(SessionPartitions.DEFAULT, 10_000), MAX_SESSIONS_PER_VALUE);
    }

    /** Caffeine evicts expired entries on its timer wheel, whose finest bucket is about a second wide. */
    @Test
    void noIndexValueOutlivesItsSessions() {
        MemorySessionStore store = new MemorySessionStore(64L * 1024 * 1024, Clock.systemUTC(),
                new MemorySessionChanges(SessionPartitions.DEFAULT, 10_000), 10);
        for (int i = 0; i < 20; i++) {
            store.put("s" + i, new SessionWrite(new byte[] {1}, "java", Duration.ofMillis(100), false, null,
                    new IndexValues(Map.of("principal", "user" + (i % 5)))), Precondition.none());
        }
        assertThat(store.indexValueCount()).isEqualTo(5);

        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100)).until(() -> {
            store.cleanUp();
            return store.indexValueCount() == 0;
        });
    }
}
