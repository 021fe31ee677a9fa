package dev.sessiondata.server.store.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.SessionStoreCompatibilityKit;
import dev.sessiondata.server.store.SessionWrite;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MemorySessionStoreTest extends SessionStoreCompatibilityKit {

    @Override
    protected SessionStore createStore() {
        return new MemorySessionStore(64L * 1024 * 1024, Clock.systemUTC());
    }

    @Override
    protected SessionStoreStatistics statisticsOf(SessionStore store) {
        return ((MemorySessionStore) store).statistics();
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
            kept += small.peek("s" + i).toCompletableFuture().join().isPresent() ? 1 : 0;
        }
        assertThat(kept).isLessThanOrEqualTo(10);
    }

    @Test
    void liveSessionsPerSerializerFollowWritesReplacementsBySameAndOtherSerializersDeletesAndEvictions() {
        MemorySessionStore store = new MemorySessionStore(100_000, Clock.systemUTC());
        put(store, "a", "java", 10);
        put(store, "b", "java", 10);
        put(store, "c", "kryo", 10);
        put(store, "b", "kryo", 10);
        put(store, "c", "kryo", 20);
        store.delete("a", Precondition.none()).toCompletableFuture().join();
        assertThat(store.statistics().sessionsBySerializer()).contains(Map.of("java", 0L, "kryo", 2L));

        for (int i = 0; i < 50; i++) {
            put(store, "big" + i, "fory", 10_000);
        }
        store.cleanUp();
        Map<String, Long> counts = store.statistics().sessionsBySerializer().orElseThrow();
        assertThat(counts.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(store.statistics().estimatedSessionCount());
        assertThat(counts.get("fory")).isBetween(1L, 10L);
    }

    private static void put(MemorySessionStore store, String id, String serializerId, int size) {
        store.put(id, new SessionWrite(new byte[size], serializerId, Duration.ofMinutes(5)), Precondition.none())
                .toCompletableFuture().join();
    }
}
