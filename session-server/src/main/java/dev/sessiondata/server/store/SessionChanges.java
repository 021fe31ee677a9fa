package dev.sessiondata.server.store;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * A store's change feed: every content change of a session (create, update, delete, an expiry where the store
 * reports it; never a touch that only moves an expiry), numbered per partition ({@link SessionPartitions}) within
 * the partition's epoch. A new epoch means the partition's history is gone (the store restarted or was emptied):
 * whoever remembered a position in the old one must start over.
 */
public interface SessionChanges {

    int partitions();

    /** Where every partition is now, by partition. */
    CompletionStage<List<PartitionHead>> heads();

    /**
     * The changes of {@code partition} after {@code after}, oldest first, at most {@code limit}; empty when they
     * cannot be told: another epoch, or history trimmed past {@code after}.
     */
    CompletionStage<Optional<List<SessionChange>>> since(int partition, PartitionHead after, int limit);

    /**
     * Claims {@code change} for application group {@code group}: true for the first claim of that change in that
     * group, through any instance of the service that shares the store, false for every later one. Claims of one
     * partition must come in sequence order from each claimer: the store keeps one mark per group and partition
     * (the highest sequence claimed), so a change below the mark is taken; see the manual's change feed page.
     */
    CompletionStage<Boolean> claim(String group, SessionChange change);

    /**
     * Tells {@code listener} every change committed from now on, through any instance of the service that shares
     * the store, in sequence order per partition, on a thread of the feed's: the listener must not block.
     * Closing the answer stops it.
     */
    AutoCloseable listen(ChangeListener listener);

    /** Receives a feed's changes. */
    @FunctionalInterface
    interface ChangeListener {

        /**
         * Changes read together, in sequence order per partition: one call for what one read of the store gave, so
         * that the listener can hand them on in one go.
         */
        void changed(List<SessionChange> changes);

        /** The partition started a new epoch (its history is gone); its changes now carry that epoch. */
        default void restarted(int partition, PartitionHead head) {
        }
    }
}
