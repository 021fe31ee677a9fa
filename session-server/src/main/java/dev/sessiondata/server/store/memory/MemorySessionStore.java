package dev.sessiondata.server.store.memory;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Scheduler;
import com.sun.management.HotSpotDiagnosticMXBean;
import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.IdChangeResult;
import dev.sessiondata.server.store.IndexPage;
import dev.sessiondata.server.store.IndexValueFullException;
import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.IndexedSession;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionChange.Kind;
import dev.sessiondata.server.store.SessionIndex;
import dev.sessiondata.server.store.SessionPartitions;
import dev.sessiondata.server.store.SessionRead;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.Versions;
import dev.sessiondata.server.store.WriteResult;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * Keeps sessions in a Caffeine cache: bounded by the total bytes of the sessions (Caffeine evicts the least
 * valuable entries beyond it), each entry expiring after its own time to live. Conditional writes run inside
 * {@code asMap().compute}, which Caffeine makes atomic per key; an expired entry not yet evicted is invisible there.
 *
 * <p>A sliding read is a plain read, not a write: Caffeine asks {@link UntilExpiresAt#expireAfterRead} for the
 * entry's new lifetime on every {@code getIfPresent}, and that is where the entry's expiry moves (an atomic maximum,
 * so concurrent slides never move it back). Many readers of one hot session therefore never queue on its key's
 * lock, as they would behind a {@code compute} per read. A read that must not slide uses
 * {@code getIfPresentQuietly}, which leaves the expiry alone.
 *
 * <p>Index values ({@link SessionIndex}) are a map from index value to the ids listed under it, changed inside the
 * session's {@code compute} (so with the write, atomically for that session) and by the eviction listener when a
 * session expires or is evicted; a lookup lists only sessions the cache still holds with that value, so it is exact
 * even before Caffeine's maintenance has run.
 *
 * <p>Changes hold the lock of their id's stripe ({@link #STRIPES}) around their {@code compute}: an id change, the
 * one operation on two ids, holds both ids' stripes (taken in stripe order, so two changes never wait on each other
 * crosswise), which makes it atomic against every write and delete of either id. Reads take no lock.
 *
 * <p>Every operation is done when it returns: the stages it answers are completed ones, so the store runs on the
 * web server's event loop without a hand-off.
 */
public final class MemorySessionStore implements SessionStore, SessionIndex {

    /**
     * What an entry costs besides its body and its id, measured (MemorySessionStoreHeapCostTest, 64-bit JVM with
     * compressed references): the entry, its version, serializer id, ttl and expiry objects, Caffeine's node and the
     * hash table's.
     */
    private static final int ENTRY_OVERHEAD_BYTES = 280;
    /** A String's own object; its bytes are one Latin-1 array, as every valid session id is ASCII. */
    private static final long STRING_BYTES = 24;
    /** G1's region size, or 0 under another collector. */
    private static final long REGION_BYTES = g1RegionBytes();
    /** The most sessions one index value lists unless told otherwise. */
    public static final int DEFAULT_MAX_SESSIONS_PER_VALUE = 100;

    /** The answer of every read that finds nothing: completed, so that nobody completes it otherwise. */
    private static final CompletionStage<SessionRead> ABSENT = CompletableFuture.completedFuture(SessionRead.absent());

    /** How many locks the ids share: enough that unrelated writes seldom meet on one. */
    private static final int STRIPES = 64;

    private final Cache<String, Entry> sessions;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];
    private final MemorySessionChanges changes;
    private final Clock clock;
    /** Live sessions per serializer, kept with every change, so that counting them is no pass over the cache. */
    private final Map<String, LongAdder> live = new ConcurrentHashMap<>();
    /** The ids listed under each index value; a value listing none is removed. */
    private final Map<IndexKey, Set<String>> indexed = new ConcurrentHashMap<>();
    private final int maxSessionsPerValue;

    /** A store whose index values list at most {@link #DEFAULT_MAX_SESSIONS_PER_VALUE} sessions each. */
    public MemorySessionStore(long maxTotalBytes, Clock clock) {
        this(maxTotalBytes, clock, new MemorySessionChanges(SessionPartitions.DEFAULT, 10_000));
    }

    /** A store that records every content change in {@code changes}. */
    public MemorySessionStore(long maxTotalBytes, Clock clock, MemorySessionChanges changes) {
        this(maxTotalBytes, clock, changes, DEFAULT_MAX_SESSIONS_PER_VALUE);
    }

    /** {@code maxSessionsPerValue}: the most sessions one index value lists; a write adding one more is refused. */
    public MemorySessionStore(long maxTotalBytes, Clock clock, MemorySessionChanges changes,
            int maxSessionsPerValue) {
        if (maxTotalBytes < 1) {
            throw new IllegalArgumentException("maxTotalBytes must be positive, was " + maxTotalBytes);
        }
        if (maxSessionsPerValue < 1) {
            throw new IllegalArgumentException("maxSessionsPerValue must be positive, was " + maxSessionsPerValue);
        }
        this.clock = clock;
        this.maxSessionsPerValue = maxSessionsPerValue;
        this.changes = changes;
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
        this.sessions = Caffeine.newBuilder()
                .maximumWeight(maxTotalBytes)
                .weigher((String id, Entry entry) -> weight(id, entry))
                .expireAfter(new UntilExpiresAt())
                // evicts an expired session (and tells the feed) soon after its expiry, though nothing touches it:
                // the expiry event applications hear from the feed (Caffeine paces the sweep at about a second)
                .scheduler(Scheduler.systemScheduler())
                // expiries and size evictions; Caffeine calls it inside the removal, so no count runs behind and the
                // feed tells the deletion before a later write of the id
                .evictionListener((String id, Entry entry, RemovalCause cause) -> {
                    if (entry != null) {
                        count(entry.serializerId, -1);
                        unlist(id, entry.indexes, IndexValues.none());
                    }
                    if (id != null) {
                        changes.record(id, null, cause == RemovalCause.EXPIRED ? Kind.EXPIRED : Kind.DELETED,
                                clock.millis(), entry == null ? IndexValues.none() : entry.indexes);
                    }
                })
                .build();
    }

    /**
     * Without a ceiling, one sliding {@code getIfPresent}. With one, looks at the entry quietly first, so that a
     * session larger than {@code maxBytes} is answered by its length and not slid; a session within it is read again
     * with {@code getIfPresent}, which slides it. An entry replaced between the two looks is the one answered (slid by
     * microseconds after its write set its expiry), or its length if it is larger than {@code maxBytes}.
     */
    @Override
    public CompletionStage<SessionRead> get(String id, long maxBytes) {
        if (maxBytes == UNBOUNDED) {
            return answer(sessions.getIfPresent(id), maxBytes);
        }
        Entry quiet = sessions.policy().getIfPresentQuietly(id);
        if (quiet == null || quiet.data.length > maxBytes) {
            return answer(quiet);
        }
        return answer(sessions.getIfPresent(id), maxBytes);
    }

    @Override
    public CompletionStage<SessionRead> peek(String id, long maxBytes) {
        return answer(sessions.policy().getIfPresentQuietly(id), maxBytes);
    }

    private static CompletionStage<SessionRead> answer(@Nullable Entry entry, long maxBytes) {
        return entry == null || entry.data.length > maxBytes ? answer(entry)
                : CompletableFuture.completedFuture(SessionRead.of(entry.session()));
    }

    /** Nothing, or the length of a session larger than the ceiling. */
    private static CompletionStage<SessionRead> answer(@Nullable Entry entry) {
        return entry == null ? ABSENT : CompletableFuture.completedFuture(SessionRead.larger(entry.data.length));
    }

    @Override
    public CompletionStage<WriteResult> put(String id, SessionWrite write, Precondition precondition) {
        AtomicReference<WriteResult> result = new AtomicReference<>();
        ReentrantLock lock = lockOf(id);
        lock.lock();
        try {
            write(id, write, precondition, result);
        } catch (IndexValueFullException full) {
            return CompletableFuture.failedFuture(full);
        } finally {
            lock.unlock();
        }
        return CompletableFuture.completedFuture(result.get());
    }

    private void write(String id, SessionWrite write, Precondition precondition, AtomicReference<WriteResult> result) {
        sessions.asMap().compute(id, (key, current) -> {
            if (!precondition.isMetBy(current == null ? null : current.version)) {
                result.set(WriteResult.preconditionFailed());
                return current;
            }
            Duration ttl = write.keepsTtl() && current != null ? current.ttl : write.ttl();
            IndexValues before = current == null ? IndexValues.none() : current.indexes;
            // refused when a value is full: compute then keeps the session as it was
            list(id, write.indexes(), before);
            unlist(id, before, write.indexes());
            // the body array is the caller's to hand over (SessionWrite): kept as it is, not copied
            Entry next = new Entry(write.data(), write.serializerId(), Versions.next(), ttl,
                    now().plus(ttl).toEpochMilli(), write.digest(), write.indexes());
            result.set(WriteResult.written(current == null, next.version, Instant.ofEpochMilli(next.expiresAt())));
            // a session rewritten by the serializer that wrote it (most writes) leaves the counts as they are
            if (current == null) {
                count(next.serializerId, 1);
            } else if (!current.serializerId.equals(next.serializerId)) {
                count(current.serializerId, -1);
                count(next.serializerId, 1);
            }
            if (current == null) {
                changes.record(id, next.version, Kind.CREATED, clock.millis(), next.indexes);
            } else {
                changes.record(id, next.version, Kind.UPDATED, clock.millis());
            }
            return next;
        });
    }

    @Override
    public CompletionStage<DeleteResult> delete(String id, Precondition precondition) {
        AtomicReference<DeleteResult> result = new AtomicReference<>(DeleteResult.NOT_FOUND);
        ReentrantLock lock = lockOf(id);
        lock.lock();
        try {
            sessions.asMap().computeIfPresent(id, (key, current) -> {
                if (!precondition.isMetBy(current.version)) {
                    result.set(DeleteResult.PRECONDITION_FAILED);
                    return current;
                }
                result.set(DeleteResult.DELETED);
                count(current.serializerId, -1);
                unlist(id, current.indexes, IndexValues.none());
                changes.record(id, null, Kind.DELETED, clock.millis(), current.indexes);
                return null;
            });
        } finally {
            lock.unlock();
        }
        return CompletableFuture.completedFuture(result.get());
    }

    @Override
    public CompletionStage<IdChangeResult> changeId(String id, String newId, Precondition precondition) {
        ReentrantLock first = lockOf(id);
        ReentrantLock second = lockOf(newId);
        if (stripe(newId) < stripe(id)) {
            ReentrantLock swap = first;
            first = second;
            second = swap;
        }
        first.lock();
        second.lock();
        try {
            return CompletableFuture.completedFuture(moved(id, newId, precondition));
        } finally {
            second.unlock();
            first.unlock();
        }
    }

    /** The id change, with both ids' stripes held: no write or delete of either id runs meanwhile. */
    private IdChangeResult moved(String id, String newId, Precondition precondition) {
        Entry current = sessions.policy().getIfPresentQuietly(id);
        if (current == null) {
            return IdChangeResult.notFound();
        }
        if (!precondition.isMetBy(current.version)) {
            return IdChangeResult.preconditionFailed();
        }
        if (id.equals(newId) || sessions.policy().getIfPresentQuietly(newId) != null) {
            return IdChangeResult.idTaken();
        }
        Entry moved = new Entry(current.data, current.serializerId, Versions.next(), current.ttl, current.expiresAt(),
                current.digest, current.indexes);
        sessions.asMap().put(newId, moved);
        relist(id, newId, current.indexes);
        // the old entry may have expired since the look above (an eviction counts itself); else the counts stand
        if (!sessions.asMap().remove(id, current)) {
            count(moved.serializerId, 1);
        }
        long now = clock.millis();
        changes.record(id, null, Kind.MOVED, now);
        changes.record(newId, moved.version, Kind.UPDATED, now);
        return IdChangeResult.changed(moved.version, Instant.ofEpochMilli(moved.expiresAt()));
    }

    private ReentrantLock lockOf(String id) {
        return locks[stripe(id)];
    }

    private static int stripe(String id) {
        int hash = id.hashCode();
        return ((hash ^ (hash >>> 16)) & Integer.MAX_VALUE) % STRIPES;
    }

    @Override
    public CompletionStage<Optional<Instant>> touch(String id) {
        Entry entry = sessions.getIfPresent(id);
        return CompletableFuture.completedFuture(entry == null ? Optional.empty()
                : Optional.of(Instant.ofEpochMilli(entry.expiresAt())));
    }

    @Override
    public CompletionStage<IndexPage> sessions(String name, String value, @Nullable String after, int limit) {
        Set<String> ids = indexed.get(new IndexKey(name, value));
        List<IndexedSession> page = new ArrayList<>(Math.min(limit, 64));
        String next = null;
        if (ids != null) {
            for (String id : ids.stream().filter(id -> after == null || id.compareTo(after) > 0).sorted().toList()) {
                Entry entry = sessions.policy().getIfPresentQuietly(id);
                if (entry == null || !entry.indexes.has(name, value)) {
                    continue; // expired and not yet evicted, or rewritten without the value since the snapshot
                }
                if (page.size() == limit) {
                    next = page.get(limit - 1).id();
                    break;
                }
                page.add(new IndexedSession(id, entry.version));
            }
        }
        return CompletableFuture.completedFuture(new IndexPage(page, next));
    }

    /**
     * Lists {@code id} under each value of {@code after} it was not listed under {@code before}; when one is full
     * (counting only sessions still held), takes back what it listed and throws {@link IndexValueFullException}.
     */
    private void list(String id, IndexValues after, IndexValues before) {
        List<IndexKey> listed = new ArrayList<>(after.values().size());
        for (Map.Entry<String, String> value : after.values().entrySet()) {
            if (before.has(value.getKey(), value.getValue())) {
                continue;
            }
            IndexKey key = new IndexKey(value.getKey(), value.getValue());
            try {
                indexed.compute(key, (k, ids) -> {
                    Set<String> listing = ids == null ? ConcurrentHashMap.newKeySet() : ids;
                    if (listing.size() >= maxSessionsPerValue) {
                        listing.removeIf(other -> sessions.policy().getIfPresentQuietly(other) == null);
                        if (listing.size() >= maxSessionsPerValue) {
                            throw new IndexValueFullException(k.name(), maxSessionsPerValue);
                        }
                    }
                    listing.add(id);
                    return listing;
                });
            } catch (IndexValueFullException full) {
                listed.forEach(done -> remove(done, id));
                throw full;
            }
            listed.add(key);
        }
    }

    /** Takes {@code id} off each value of {@code before} that {@code after} does not have. */
    private void unlist(String id, IndexValues before, IndexValues after) {
        before.values().forEach((name, value) -> {
            if (!after.has(name, value)) {
                remove(new IndexKey(name, value), id);
            }
        });
    }

    /**
     * Lists {@code newId} in place of {@code id} under each of {@code values}, in one step per value, so that a value
     * already listing the most sessions keeps its count and the id change is not refused for it.
     */
    private void relist(String id, String newId, IndexValues values) {
        values.values().forEach((name, value) -> indexed.compute(new IndexKey(name, value), (k, ids) -> {
            Set<String> listing = ids == null ? ConcurrentHashMap.newKeySet() : ids;
            listing.remove(id);
            listing.add(newId);
            return listing;
        }));
    }

    private void remove(IndexKey key, String id) {
        indexed.computeIfPresent(key, (k, ids) -> {
            ids.remove(id);
            return ids.isEmpty() ? null : ids;
        });
    }

    /** How many index values list at least one id, expired ones included until evicted; for tests. */
    int indexValueCount() {
        return indexed.size();
    }

    /** The counts of this store: Caffeine's estimated size and the live sessions per serializer, read, not counted. */
    public SessionStoreStatistics statistics() {
        return new SessionStoreStatistics() {

            @Override
            public long estimatedSessionCount() {
                return sessions.estimatedSize();
            }

            /** Exact up to Caffeine's pending maintenance, as the estimated count is. */
            @Override
            public Optional<Map<String, Long>> sessionsBySerializer() {
                Map<String, Long> counts = new TreeMap<>();
                live.forEach((serializerId, count) -> counts.put(serializerId, count.sum()));
                return Optional.of(counts);
            }
        };
    }

    private void count(String serializerId, int change) {
        live.computeIfAbsent(serializerId, id -> new LongAdder()).add(change);
    }

    /** Now, to the millisecond, as every store keeps its expiries. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    /** The size the bound is checked against: the sum of the entries' weights; for tests. */
    long weightedSize() {
        return sessions.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    /** Runs Caffeine's pending maintenance (evictions) now rather than soon; for tests. */
    void cleanUp() {
        sessions.cleanUp();
    }

    private static int weight(String id, Entry entry) {
        long digestBytes = entry.digest == null ? 0 : STRING_BYTES + arrayBytes(entry.digest.length());
        return Math.toIntExact(Math.min(Integer.MAX_VALUE, arrayBytes(entry.data.length) + STRING_BYTES
                + arrayBytes(id.length()) + digestBytes + ENTRY_OVERHEAD_BYTES));
    }

    /**
     * The heap a byte array takes: its header and bytes, 8-aligned; G1 puts an array of half a region or more in
     * whole regions of its own (humongous), so a 2 MiB body takes three 1 MiB regions.
     */
    static long arrayBytes(int length) {
        long bytes = (16L + length + 7) & ~7L;
        if (REGION_BYTES > 0 && bytes >= REGION_BYTES / 2) {
            return (bytes + REGION_BYTES - 1) / REGION_BYTES * REGION_BYTES;
        }
        return bytes;
    }

    private static long g1RegionBytes() {
        try {
            HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            if (!"true".equals(hotSpot.getVMOption("UseG1GC").getValue())) {
                return 0;
            }
            return Long.parseLong(hotSpot.getVMOption("G1HeapRegionSize").getValue());
        } catch (RuntimeException e) {
            return 0; // not HotSpot: no region rounding known, the bytes alone are counted
        }
    }

    /** A stored session whose expiry a sliding read can move without replacing the entry. */
    private static final class Entry {

        final byte[] data;
        final String serializerId;
        final String version;
        final Duration ttl;
        final @Nullable String digest;
        final IndexValues indexes;
        private final AtomicLong expiresAtMillis;

        Entry(byte[] data, String serializerId, String version, Duration ttl, long expiresAtMillis,
                @Nullable String digest, IndexValues indexes) {
            this.data = data;
            this.indexes = indexes;
            this.serializerId = serializerId;
            this.version = version;
            this.ttl = ttl;
            this.digest = digest;
            this.expiresAtMillis = new AtomicLong(expiresAtMillis);
        }

        long expiresAt() {
            return expiresAtMillis.get();
        }

        /** Moves the expiry to {@code millis} unless a concurrent slide already moved it further. */
        long slideTo(long millis) {
            return expiresAtMillis.accumulateAndGet(millis, Math::max);
        }

        StoredSession session() {
            return new StoredSession(data, serializerId, version, ttl, Instant.ofEpochMilli(expiresAt()), digest);
        }
    }

    /** One value of one index. */
    private record IndexKey(String name, String value) {
    }

    /**
     * Each entry lives until its own expiry. Derived from the entry rather than from its ttl, so that a compute
     * that keeps the same entry (a refused conditional write) leaves the expiry where it was. Caffeine calls
     * {@code expireAfterRead} only for {@code getIfPresent}, which only sliding reads use: it slides.
     */
    private final class UntilExpiresAt implements Expiry<String, Entry> {

        @Override
        public long expireAfterCreate(String id, Entry entry, long currentTime) {
            return remaining(entry.expiresAt());
        }

        @Override
        public long expireAfterUpdate(String id, Entry entry, long currentTime, long currentDuration) {
            return remaining(entry.expiresAt());
        }

        @Override
        public long expireAfterRead(String id, Entry entry, long currentTime, long currentDuration) {
            return remaining(entry.slideTo(now().plus(entry.ttl).toEpochMilli()));
        }

        private long remaining(long expiresAtMillis) {
            return Math.max(0, TimeUnit.MILLISECONDS.toNanos(expiresAtMillis - clock.millis()));
        }
    }
}
