package dev.sessiondata.server.store.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.store.IdChangeResult;
import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.IndexedSession;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionWrite;
import java.time.Duration;
import java.util.Map;

/**
 * An id change between two partitions, checked on a store of the default partitions: the new id is listed under the
 * session's value in its own partition's set, the old id in none, and the new id's delete takes it out again. One
 * script does it on one server; on a Cluster, the four-step protocol across slots.
 */
final class CrossPartitionIdChange {

    private CrossPartitionIdChange() {
    }

    static void movesTheIndexEntry(RedisSessionStore store, RedisKeys keys) {
        assertThat(keys.partition("before")).isNotEqualTo(keys.partition("after"));
        store.put("before", new SessionWrite(new byte[] {1}, "java", Duration.ofMinutes(5), false, null,
                new IndexValues(Map.of("principal", "ada"))), Precondition.none()).toCompletableFuture().join();

        IdChangeResult changed = store.changeId("before", "after", Precondition.none()).toCompletableFuture().join();

        assertThat(changed.outcome()).isEqualTo(IdChangeResult.Outcome.CHANGED);
        assertThat(store.sessions("principal", "ada", null, 10).toCompletableFuture().join().sessions())
                .containsExactly(new IndexedSession("after", changed.version()));
        store.delete("after", Precondition.none()).toCompletableFuture().join();
        assertThat(store.sessions("principal", "ada", null, 10).toCompletableFuture().join().sessions()).isEmpty();
    }
}
