package dev.sessiondata.server.store.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.server.store.PartitionHead;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionChanges;
import dev.sessiondata.server.store.SessionChangesCompatibilityKit;
import dev.sessiondata.server.store.SessionPartitions;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import java.time.Clock;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class MemorySessionChangesTest {

    @Nested
    class Kit extends SessionChangesCompatibilityKit {

        private final Map<SessionStore, SessionChanges> feeds = new IdentityHashMap<>();

        @Override
        protected SessionStore createStore() {
            MemorySessionChanges changes = new MemorySessionChanges(SessionPartitions.DEFAULT, 1000);
            MemorySessionStore store = new MemorySessionStore(1 << 20, Clock.systemUTC(), changes);
            feeds.put(store, changes);
            return store;
        }

        @Override
        protected SessionChanges changesOf(SessionStore store) {
            return feeds.get(store);
        }
    }

    @Test
    void aPositionOlderThanTheHistoryKeptCannotBeResumed() {
        MemorySessionChanges changes = new MemorySessionChanges(1, 3);
        MemorySessionStore store = new MemorySessionStore(1 << 20, Clock.systemUTC(), changes);
        PartitionHead start = changes.heads().toCompletableFuture().join().get(0);
        for (int i = 0; i < 5; i++) {
            store.put("s" + i, new SessionWrite(new byte[] {1}, "java", Duration.ofMinutes(1)), Precondition.none())
                    .toCompletableFuture().join();
        }

        assertThat(changes.since(0, start, 10).toCompletableFuture().join()).isEmpty();
        assertThat(changes.since(0, new PartitionHead(start.epoch(), 2), 10).toCompletableFuture().join())
                .hasValueSatisfying(found -> assertThat(found).hasSize(3));
    }

    @Test
    void anExpiryIsADeletion() {
        MemorySessionChanges changes = new MemorySessionChanges(1, 10);
        MemorySessionStore store = new MemorySessionStore(1 << 20, Clock.systemUTC(), changes);
        PartitionHead start = changes.heads().toCompletableFuture().join().get(0);
        store.put("short", new SessionWrite(new byte[] {1}, "java", Duration.ofSeconds(1)), Precondition.none())
                .toCompletableFuture().join();

        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
            store.cleanUp();
            assertThat(changes.since(0, start, 10).toCompletableFuture().join()).hasValueSatisfying(found -> {
                assertThat(found).hasSize(2);
                assertThat(found.get(1).id()).isEqualTo("short");
                assertThat(found.get(1).deleted()).isTrue();
            });
        });
    }
}
