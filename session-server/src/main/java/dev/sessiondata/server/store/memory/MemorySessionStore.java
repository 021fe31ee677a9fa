package dev.sessiondata.server.store.memory;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.DescriptorWriteResult;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.Versions;
import dev.sessiondata.server.store.WriteResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Keeps sessions in a Caffeine cache: bounded by the total bytes of the sessions (Caffeine evicts the least
 * valuable entries beyond it), each entry expiring after its own time to live. Conditional writes run inside
 * {@code asMap().compute}, which Caffeine makes atomic per key; an expired entry not yet evicted is invisible there.
 */
public final class MemorySessionStore implements SessionStore {

    /** What an entry costs besides its bytes: the key, the record and Caffeine's node, roughly. */
    private static final int ENTRY_OVERHEAD_BYTES = 160;

    private final Cache<String, StoredSession> sessions;
    private final Map<Long, ClassDescriptor> descriptors = new ConcurrentHashMap<>();
    private final Clock clock;

    public MemorySessionStore(long maxTotalBytes, Clock clock) {
        if (maxTotalBytes < 1) {
            throw new IllegalArgumentException("maxTotalBytes must be positive, was " + maxTotalBytes);
        }
        this.clock = clock;
        this.sessions = Caffeine.newBuilder()
                .maximumWeight(maxTotalBytes)
                .weigher((String id, StoredSession session) -> weight(id, session))
                .expireAfter(new UntilExpiresAt())
                .build();
    }

    @Override
    public Optional<StoredSession> get(String id, boolean slide) {
        if (!slide) {
            return Optional.ofNullable(sessions.getIfPresent(id));
        }
        return Optional.ofNullable(sessions.asMap().computeIfPresent(id,
                (key, session) -> session.expiringAt(now().plus(session.ttl()))));
    }

    @Override
    public WriteResult put(String id, SessionWrite write, Precondition precondition) {
        AtomicReference<WriteResult> result = new AtomicReference<>();
        sessions.asMap().compute(id, (key, current) -> {
            if (!precondition.isMetBy(current == null ? null : current.version())) {
                result.set(WriteResult.preconditionFailed());
                return current;
            }
            StoredSession next = new StoredSession(write.data().clone(), write.serializerId(), Versions.next(),
                    write.ttl(), now().plus(write.ttl()));
            result.set(WriteResult.written(current == null, next.version(), next.expiresAt()));
            return next;
        });
        return result.get();
    }

    @Override
    public DeleteResult delete(String id, Precondition precondition) {
        AtomicReference<DeleteResult> result = new AtomicReference<>(DeleteResult.NOT_FOUND);
        sessions.asMap().computeIfPresent(id, (key, current) -> {
            if (!precondition.isMetBy(current.version())) {
                result.set(DeleteResult.PRECONDITION_FAILED);
                return current;
            }
            result.set(DeleteResult.DELETED);
            return null;
        });
        return result.get();
    }

    @Override
    public Optional<Instant> touch(String id) {
        return get(id, true).map(StoredSession::expiresAt);
    }

    @Override
    public synchronized DescriptorWriteResult putDescriptors(List<ClassDescriptor> batch) {
        // synchronized: the check of the whole batch and its insertion are one step against other uploads
        List<Long> conflicts = new ArrayList<>();
        for (ClassDescriptor descriptor : batch) {
            ClassDescriptor known = descriptors.get(descriptor.uid());
            if (known != null && !known.sameAs(descriptor)) {
                conflicts.add(descriptor.uid());
            }
        }
        if (!conflicts.isEmpty()) {
            return DescriptorWriteResult.refused(conflicts);
        }
        int added = 0;
        for (ClassDescriptor descriptor : batch) {
            if (descriptors.putIfAbsent(descriptor.uid(), descriptor) == null) {
                added++;
            }
        }
        return DescriptorWriteResult.stored(added);
    }

    @Override
    public Optional<ClassDescriptor> descriptor(long uid) {
        return Optional.ofNullable(descriptors.get(uid));
    }

    @Override
    public List<ClassDescriptor> descriptors() {
        return List.copyOf(descriptors.values());
    }

    @Override
    public long sessionCount() {
        return sessions.estimatedSize();
    }

    /** Now, to the millisecond, as every store keeps its expiries. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    /** Runs Caffeine's pending maintenance (evictions) now rather than soon; for tests. */
    void cleanUp() {
        sessions.cleanUp();
    }

    private static int weight(String id, StoredSession session) {
        return session.data().length + 2 * id.length() + ENTRY_OVERHEAD_BYTES;
    }

    /**
     * Each entry lives until its own {@code expiresAt}. Derived from the entry rather than from its ttl, so that a
     * compute that keeps the same entry (a refused conditional write) leaves the expiry where it was.
     */
    private final class UntilExpiresAt implements Expiry<String, StoredSession> {

        @Override
        public long expireAfterCreate(String id, StoredSession session, long currentTime) {
            return remaining(session);
        }

        @Override
        public long expireAfterUpdate(String id, StoredSession session, long currentTime, long currentDuration) {
            return remaining(session);
        }

        @Override
        public long expireAfterRead(String id, StoredSession session, long currentTime, long currentDuration) {
            return currentDuration;
        }

        private long remaining(StoredSession session) {
            return Math.max(0, Duration.between(clock.instant(), session.expiresAt()).toNanos());
        }
    }
}
