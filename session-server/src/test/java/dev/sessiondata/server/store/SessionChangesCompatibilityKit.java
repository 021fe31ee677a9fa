package dev.sessiondata.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every store's change feed must do, run against each ({@link SessionChanges}): a store and its feed, fresh
 * for each test.
 */
public abstract class SessionChangesCompatibilityKit {

    private static final SessionWrite WRITE = new SessionWrite(new byte[] {1, 2, 3}, "java", Duration.ofMinutes(5));

    private SessionStore store;
    private SessionChanges changes;
    private final List<SessionChange> heard = new CopyOnWriteArrayList<>();
    private AutoCloseable listening;

    /** A fresh store. */
    protected abstract SessionStore createStore();

    /** The change feed of the store {@link #createStore} made last. */
    protected abstract SessionChanges changesOf(SessionStore store);

    @BeforeEach
    void listen() {
        store = createStore();
        changes = changesOf(store);
        listening = changes.listen(heard::addAll);
        // a listener hears what follows the heads its store reads once it listens (a subscriber reads the changes
        // since its own position for what came before): the tests begin once it hears
        String warm = newId();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            store.put(warm, WRITE, Precondition.none()).toCompletableFuture().join();
            return heard.stream().anyMatch(change -> change.id().equals(warm));
        });
    }

    @AfterEach
    void stopListening() throws Exception {
        listening.close();
    }

    private static String newId() {
        return "feed-" + UUID.randomUUID();
    }

    private List<SessionChange> heardOf(String id, int count) {
        await().atMost(Duration.ofSeconds(10)).until(() -> heard.stream().filter(c -> c.id().equals(id)).count()
                >= count);
        return heard.stream().filter(c -> c.id().equals(id)).toList();
    }

    @Test
    void aCreateUpdateAndDeleteAreHeardInOrderWithConsecutiveSequenceNumbers() {
        String id = newId();
        String created = store.put(id, WRITE, Precondition.none()).toCompletableFuture().join().version();
        String updated = store.put(id, WRITE, Precondition.version(created)).toCompletableFuture().join().version();
        store.delete(id, Precondition.none()).toCompletableFuture().join();

        List<SessionChange> of = heardOf(id, 3);

        assertThat(of).extracting(SessionChange::version).containsExactly(created, updated, null);
        assertThat(of).extracting(SessionChange::kind).containsExactly(SessionChange.Kind.CREATED,
                SessionChange.Kind.UPDATED, SessionChange.Kind.DELETED);
        assertThat(of.get(2).deleted()).isTrue();
        assertThat(of).extracting(SessionChange::partition).containsOnly(SessionPartitions.of(id, changes.partitions()));
        assertThat(of).extracting(SessionChange::epoch).containsOnly(of.get(0).epoch());
        assertThat(of.get(1).sequence()).isGreaterThan(of.get(0).sequence());
        assertThat(of.get(2).sequence()).isGreaterThan(of.get(1).sequence());
    }

    @Test
    void anIdChangeIsHeardAsTheOldIdDeletedAndTheNewIdWrittenInTheirPartitions() {
        String id = newId();
        int partition = SessionPartitions.of(id, changes.partitions());
        assertIdChangeHeard(id, newIdWhere(p -> p == partition));
        String other = newId();
        int otherPartition = SessionPartitions.of(other, changes.partitions());
        assertIdChangeHeard(other, newIdWhere(p -> p != otherPartition));
    }

    /** A fresh id whose partition passes {@code test}: an id change within one partition, or across two. */
    private String newIdWhere(IntPredicate test) {
        while (true) {
            String id = newId();
            if (test.test(SessionPartitions.of(id, changes.partitions()))) {
                return id;
            }
        }
    }

    private void assertIdChangeHeard(String id, String newId) {
        String created = store.put(id, WRITE, Precondition.none()).toCompletableFuture().join().version();

        IdChangeResult changed = store.changeId(id, newId, Precondition.version(created)).toCompletableFuture().join();

        assertThat(changed.outcome()).isEqualTo(IdChangeResult.Outcome.CHANGED);
        assertThat(heardOf(id, 2)).extracting(SessionChange::version).containsExactly(created, null);
        assertThat(heardOf(id, 2)).extracting(SessionChange::kind).containsExactly(SessionChange.Kind.CREATED,
                SessionChange.Kind.MOVED);
        List<SessionChange> ofNew = heardOf(newId, 1);
        assertThat(ofNew).extracting(SessionChange::version).containsExactly(changed.version());
        assertThat(ofNew).extracting(SessionChange::kind).containsExactly(SessionChange.Kind.UPDATED);
        assertThat(ofNew.get(0).partition()).isEqualTo(SessionPartitions.of(newId, changes.partitions()));
    }

    /**
     * A session's creation and its end tell its index values, also after an id change across partitions (across
     * slots on a Cluster), as read from the store's history too; an update and the id change's own changes do not.
     */
    @Test
    void theIndexValuesOfASessionAreHeardWithItsCreationAndItsDeletionAfterAnIdChange() {
        IndexValues ada = new IndexValues(Map.of("principal", "ada:lovelace"));
        SessionWrite indexed = new SessionWrite(new byte[] {1, 2, 3}, "java", Duration.ofMinutes(5), false, null, ada);
        String id = newId();
        int partition = SessionPartitions.of(id, changes.partitions());
        String newId = newIdWhere(p -> p != partition);
        int newPartition = SessionPartitions.of(newId, changes.partitions());
        PartitionHead before = changes.heads().toCompletableFuture().join().get(newPartition);

        String created = store.put(id, indexed, Precondition.none()).toCompletableFuture().join().version();
        String updated = store.put(id, indexed, Precondition.version(created)).toCompletableFuture().join().version();
        assertThat(store.changeId(id, newId, Precondition.version(updated)).toCompletableFuture().join().outcome())
                .isEqualTo(IdChangeResult.Outcome.CHANGED);
        store.delete(newId, Precondition.none()).toCompletableFuture().join();

        assertThat(heardOf(id, 3)).extracting(SessionChange::kind, SessionChange::indexes).containsExactly(
                tuple(SessionChange.Kind.CREATED, ada), tuple(SessionChange.Kind.UPDATED, IndexValues.none()),
                tuple(SessionChange.Kind.MOVED, IndexValues.none()));
        assertThat(heardOf(newId, 2)).extracting(SessionChange::kind, SessionChange::indexes).containsExactly(
                tuple(SessionChange.Kind.UPDATED, IndexValues.none()), tuple(SessionChange.Kind.DELETED, ada));
        assertThat(changes.since(newPartition, before, 100).toCompletableFuture().join().orElseThrow().stream()
                .filter(change -> change.id().equals(newId) && change.deleted()))
                .extracting(SessionChange::indexes).containsExactly(ada);
    }

    @Test
    void aRefusedWriteAReadAndATouchAreNoChange() throws Exception {
        String id = newId();
        store.put(id, WRITE, Precondition.none()).toCompletableFuture().join();
        heardOf(id, 1);

        store.put(id, WRITE, Precondition.version("stale")).toCompletableFuture().join();
        store.delete(id, Precondition.version("stale")).toCompletableFuture().join();
        store.touch(id).toCompletableFuture().join();
        store.get(id).toCompletableFuture().join();
        String marker = newId();
        store.put(marker, WRITE, Precondition.none()).toCompletableFuture().join();
        heardOf(marker, 1);

        assertThat(heard.stream().filter(c -> c.id().equals(id))).hasSize(1);
    }

    @Test
    void theChangesAfterAHeadAreTheOnesWrittenSince() {
        String id = newId();
        int partition = SessionPartitions.of(id, changes.partitions());
        PartitionHead before = changes.heads().toCompletableFuture().join().get(partition);
        String created = store.put(id, WRITE, Precondition.none()).toCompletableFuture().join().version();
        store.delete(id, Precondition.none()).toCompletableFuture().join();

        PartitionHead after = changes.heads().toCompletableFuture().join().get(partition);
        Optional<List<SessionChange>> since = changes.since(partition, before, 100).toCompletableFuture().join();

        assertThat(after.epoch()).isEqualTo(before.epoch());
        assertThat(since).isPresent();
        List<SessionChange> ofId = since.get().stream().filter(c -> c.id().equals(id)).toList();
        assertThat(ofId).extracting(SessionChange::version).containsExactly(created, null);
        assertThat(since.get().get(since.get().size() - 1).sequence()).isEqualTo(after.sequence());
        assertThat(changes.since(partition, after, 100).toCompletableFuture().join()).contains(List.of());
    }

    @Test
    void aChangeIsClaimedOncePerGroupWhoeverClaimsIt() {
        String id = newId();
        store.put(id, WRITE, Precondition.none()).toCompletableFuture().join();
        store.delete(id, Precondition.none()).toCompletableFuture().join();
        List<SessionChange> of = heardOf(id, 2);
        String group = "group-" + UUID.randomUUID();

        assertThat(changes.claim(group, of.get(0)).toCompletableFuture().join()).isTrue();
        assertThat(changes.claim(group, of.get(0)).toCompletableFuture().join()).isFalse();
        assertThat(changes.claim("other-" + group, of.get(0)).toCompletableFuture().join()).isTrue();
        assertThat(changes.claim(group, of.get(1)).toCompletableFuture().join()).isTrue();
        // a claimer that comes late to a change finds it taken, though it never claimed it
        assertThat(changes.claim("other-" + group, of.get(1)).toCompletableFuture().join()).isTrue();
        assertThat(changes.claim("other-" + group, of.get(0)).toCompletableFuture().join()).isFalse();
    }

    @Test
    void aPositionInAnotherEpochCannotBeResumed() {
        PartitionHead head = changes.heads().toCompletableFuture().join().get(0);

        assertThat(changes.since(0, new PartitionHead("not-" + head.epoch(), head.sequence()), 10)
                .toCompletableFuture().join()).isEmpty();
        assertThat(changes.since(0, new PartitionHead(head.epoch(), head.sequence() + 5), 10)
                .toCompletableFuture().join()).isEmpty();
    }
}
