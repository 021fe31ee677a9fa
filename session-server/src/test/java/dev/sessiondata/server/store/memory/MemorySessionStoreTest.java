package dev.sessiondata.server.store.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionWrite;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class MemorySessionStoreTest extends SessionStoreCompatibilityKit {

    @Override
    protected SessionStore createStore() {
        return new MemorySessionStore(64L * 1024 * 1024, Clock.systemUTC());
    }

    @Test
    void theTotalSizeBoundEvictsSessions() {
        MemorySessionStore small = new MemorySessionStore(100_000, Clock.systemUTC());
        for (int i = 0; i < 50; i++) {
            small.put("s" + i, new SessionWrite(new byte[10_000], "java", Duration.ofMinutes(5)), Precondition.none())
                    .toCompletableFuture().join();
        }
        small.cleanUp();
        long kept = 0;
        for (int i = 0; i < 50; i++) {
            kept += small.get("s" + i, false).toCompletableFuture().join().isPresent() ? 1 : 0;
        }
        assertThat(kept).isLessThanOrEqualTo(10);
    }
}
