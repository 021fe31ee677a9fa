package dev.sessiondata.server.changes;

import dev.sessiondata.server.store.SessionChange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Changes the feed hands to its streams together, and the one {@link FeedBatch} that every stream at the same
 * position sends for them. A stream that follows the store's head takes a segment whole: it checks, per partition
 * the segment touches, that the segment starts where the stream stands, moves to where it ends, and sends the batch
 * made for the first stream at that position. So the work per change is done once, whatever the number of streams,
 * and a stream costs its checks and its connection's write. Not thread-safe: the feed hands segments over one at a
 * time.
 */
final class FeedSegment {

    private final List<ChangeEvents> changes;
    /** The partitions the changes are in, and per such partition its epoch and first and last sequence here. */
    private final int[] partitions;
    private final String[] epochs;
    private final long[] firsts;
    private final long[] lasts;
    /** Whether, per partition, the changes follow each other without a gap and in one epoch. */
    private final boolean contiguous;
    private @Nullable Shared shared;

    FeedSegment(List<ChangeEvents> changes, int partitionCount) {
        if (changes.isEmpty()) {
            throw new IllegalArgumentException("a segment holds at least one change");
        }
        this.changes = List.copyOf(changes);
        int[] slot = new int[partitionCount];
        Arrays.fill(slot, -1);
        int[] touched = new int[partitionCount];
        String[] epochsTouched = new String[partitionCount];
        long[] firstsTouched = new long[partitionCount];
        long[] lastsTouched = new long[partitionCount];
        int count = 0;
        boolean follows = true;
        for (ChangeEvents events : changes) {
            SessionChange change = events.change();
            int p = change.partition();
            int at = slot[p];
            if (at < 0) {
                at = count++;
                slot[p] = at;
                touched[at] = p;
                epochsTouched[at] = change.epoch();
                firstsTouched[at] = change.sequence();
            } else if (!change.epoch().equals(epochsTouched[at]) || change.sequence() != lastsTouched[at] + 1) {
                follows = false;
            }
            lastsTouched[at] = change.sequence();
        }
        this.partitions = Arrays.copyOf(touched, count);
        this.epochs = Arrays.copyOf(epochsTouched, count);
        this.firsts = Arrays.copyOf(firstsTouched, count);
        this.lasts = Arrays.copyOf(lastsTouched, count);
        this.contiguous = follows;
    }

    List<ChangeEvents> changes() {
        return changes;
    }

    /**
     * Whether a stream at {@code streamEpochs} and {@code streamSequences} can take this segment whole: in every
     * partition it touches, its changes come right after the stream's position, one after the other.
     */
    boolean follows(String[] streamEpochs, long[] streamSequences) {
        if (!contiguous) {
            return false;
        }
        for (int i = 0; i < partitions.length; i++) {
            int p = partitions[i];
            if (streamSequences[p] != firsts[i] - 1 || !epochs[i].equals(streamEpochs[p])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Moves a stream that {@link #follows} this segment to the position after it ({@code streamSequences} is
     * changed in place) and answers the batch the stream is to send: the one the last stream at that position was
     * given, or a new one.
     */
    FeedBatch takenAt(String[] streamEpochs, long[] streamSequences) {
        for (int i = 0; i < partitions.length; i++) {
            streamSequences[partitions[i]] = lasts[i];
        }
        Shared last = shared;
        if (last != null && Arrays.equals(last.sequences(), streamSequences)
                && Arrays.equals(last.epochs(), streamEpochs)) {
            return last.batch();
        }
        // a client resumes from the last id it read: only the last event carries the position (see FeedBatch)
        List<FeedEvent> events = new ArrayList<>(changes.size());
        for (int i = 0; i < changes.size() - 1; i++) {
            events.add(changes.get(i).unpositioned());
        }
        events.add(changes.get(changes.size() - 1).at(streamEpochs, streamSequences));
        FeedBatch batch = new FeedBatch(events);
        shared = new Shared(streamEpochs.clone(), streamSequences.clone(), batch);
        return batch;
    }

    /** The batch made for a position, with that position's copy (the stream's own arrays change). */
    private record Shared(String[] epochs, long[] sequences, FeedBatch batch) {
    }
}
