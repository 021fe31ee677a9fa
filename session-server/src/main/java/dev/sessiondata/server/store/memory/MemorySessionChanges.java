package dev.sessiondata.server.store.memory;

import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.PartitionHead;
import dev.sessiondata.server.store.SessionChange;
import dev.sessiondata.server.store.SessionChanges;
import dev.sessiondata.server.store.SessionPartitions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The change feed of a {@link MemorySessionStore}, in process: per partition an epoch drawn when the store starts
 * (a restarted server is a new epoch), a sequence number and the last {@code history} changes. The store records a
 * change inside the atomic step that makes it, and listeners are told there, so one session's changes reach them in
 * version order.
 */
public final class MemorySessionChanges implements SessionChanges {

    private static final Logger LOG = LoggerFactory.getLogger(MemorySessionChanges.class);

    private final Partition[] partitions;
    private final int history;
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();
    /** Per application group, per partition, the highest sequence claimed. A process's groups are few. */
    private final Map<String, AtomicLong[]> claims = new ConcurrentHashMap<>();

    public MemorySessionChanges(int partitions, int history) {
        if (partitions < 1 || history < 1) {
            throw new IllegalArgumentException("partitions and history must be positive, were " + partitions + " and "
                    + history);
        }
        this.history = history;
        this.partitions = new Partition[partitions];
        for (int p = 0; p < partitions; p++) {
            byte[] epoch = new byte[6];
            ThreadLocalRandom.current().nextBytes(epoch);
            this.partitions[p] = new Partition(HexFormat.of().formatHex(epoch));
        }
    }

    /** Records a change of session {@code id}: its new version, or null for a deletion, and its kind. */
    void record(String id, @Nullable String version, SessionChange.Kind kind, long nowMillis) {
        record(id, version, kind, nowMillis, IndexValues.none());
    }

    /** Records a change as {@link #record(String, String, SessionChange.Kind, long)} does, with index values. */
    void record(String id, @Nullable String version, SessionChange.Kind kind, long nowMillis, IndexValues indexes) {
        int p = SessionPartitions.of(id, partitions.length);
        Partition partition = partitions[p];
        synchronized (partition) {
            SessionChange change = new SessionChange(p, partition.epoch, ++partition.sequence, id, version, kind,
                    nowMillis, indexes);
            partition.recent.addLast(change);
            if (partition.recent.size() > history) {
                partition.recent.removeFirst();
            }
            for (ChangeListener listener : listeners) {
                try {
                    listener.changed(List.of(change));
                } catch (RuntimeException e) {
                    LOG.warn("A change feed listener failed; the others are told", e);
                }
            }
        }
    }

    @Override
    public int partitions() {
        return partitions.length;
    }

    @Override
    public CompletionStage<List<PartitionHead>> heads() {
        List<PartitionHead> heads = new ArrayList<>(partitions.length);
        for (Partition partition : partitions) {
            synchronized (partition) {
                heads.add(new PartitionHead(partition.epoch, partition.sequence));
            }
        }
        return CompletableFuture.completedFuture(heads);
    }

    @Override
    public CompletionStage<Optional<List<SessionChange>>> since(int p, PartitionHead after, int limit) {
        Partition partition = partitions[p];
        synchronized (partition) {
            long oldest = partition.recent.isEmpty() ? partition.sequence + 1 : partition.recent.getFirst().sequence();
            if (!partition.epoch.equals(after.epoch()) || after.sequence() > partition.sequence
                    || oldest > after.sequence() + 1) {
                return CompletableFuture.completedFuture(Optional.empty());
            }
            List<SessionChange> changes = new ArrayList<>();
            for (SessionChange change : partition.recent) {
                if (change.sequence() > after.sequence() && changes.size() < limit) {
                    changes.add(change);
                }
            }
            return CompletableFuture.completedFuture(Optional.of(changes));
        }
    }

    @Override
    public CompletionStage<Boolean> claim(String group, SessionChange change) {
        AtomicLong mark = claims.computeIfAbsent(group, name -> {
            AtomicLong[] marks = new AtomicLong[partitions.length];
            for (int p = 0; p < marks.length; p++) {
                marks[p] = new AtomicLong();
            }
            return marks;
        })[change.partition()];
        long before = mark.getAndAccumulate(change.sequence(), Math::max);
        return CompletableFuture.completedFuture(before < change.sequence());
    }

    @Override
    public AutoCloseable listen(ChangeListener listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** One partition's feed, guarded by itself. */
    private static final class Partition {

        final String epoch;
        long sequence;
        final ArrayDeque<SessionChange> recent = new ArrayDeque<>();

        Partition(String epoch) {
            this.epoch = epoch;
        }
    }
}
