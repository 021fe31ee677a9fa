package dev.sessiondata.client.internal.nearcache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Session bytes that the change feed vouches for. The rules:
 * <ul>
 *   <li>Nothing is served unless the feed said {@code hello} and was heard from within twice its heartbeat; the
 *       first read that finds it silent, and the feed's own watchdog, flush. A flush moves the generation on, and an
 *       entry of an older generation is never served, so a reply stored while a flush ran cannot outlive it.</li>
 *   <li>An answer is stored only by the request that {@link #begin began} while the cache was serving, in the same
 *       generation, and only if no change the feed announced for that id since differs from it: a placeholder per id
 *       in flight records the newest version announced (or the deletion), so a read whose reply arrives after the
 *       event that replaced it cannot store what the event removed. Versions are random, not ordered, so "not older
 *       than the newest announced" is decided as "equal to it, or nothing announced".</li>
 *   <li>A change evicts every entry of another version; a deletion evicts.</li>
 * </ul>
 * Bounded by bytes (the weight of each entry), and by the requests in flight for the placeholders.
 */
public final class NearCache implements FeedListener {

    private static final String DELETED = "\0deleted";

    private final Cache<String, CachedSession> entries;
    private final ConcurrentHashMap<String, Placeholder> inFlight = new ConcurrentHashMap<>();
    private final AtomicLong generation = new AtomicLong();
    private final LongSupplier nanoTime;
    private final Clock clock;
    private final NearCacheEvents events;
    private volatile boolean serving;
    private volatile long heartbeatNanos = Duration.ofSeconds(1).toNanos();
    private volatile long lastHeardNanos;

    public NearCache(long maxBytes, NearCacheEvents events) {
        this(maxBytes, events, System::nanoTime, Clock.systemUTC());
    }

    NearCache(long maxBytes, NearCacheEvents events, LongSupplier nanoTime, Clock clock) {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("maxBytes must be positive, was " + maxBytes);
        }
        this.entries = Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher((String id, CachedSession session) -> session.weight())
                .executor(Runnable::run)
                .build();
        this.nanoTime = nanoTime;
        this.clock = clock;
        this.events = events;
    }

    /**
     * The entry to answer a read with, if the feed vouches for it, it is of {@code minVersion} when one is given, and
     * its expiry lower bound has not passed; empty means read from the service.
     */
    public Optional<CachedSession> find(String id, @Nullable String minVersion) {
        if (!servingNow()) {
            return Optional.empty();
        }
        CachedSession session = entries.getIfPresent(id);
        if (session == null || session.generation() != generation.get()
                || minVersion != null && !minVersion.equals(session.version())
                || !clock.instant().isBefore(session.expiresAtLeast())) {
            return Optional.empty();
        }
        return Optional.of(session);
    }

    /** Starts a request whose answer may be stored: a placeholder that the feed's events mark. */
    public Ticket begin(String id) {
        boolean open = servingNow();
        long at = generation.get();
        inFlight.compute(id, (key, placeholder) -> (placeholder == null ? new Placeholder() : placeholder).join());
        return new Ticket(id, at, open);
    }

    /**
     * Ends a request begun with {@link #begin}: stores {@code answer} (null for none) if the rules allow.
     *
     * @return whether it was stored
     */
    public boolean complete(Ticket ticket, byte @Nullable [] bytes, @Nullable String contentType,
                            @Nullable String version, @Nullable Instant expiresAt) {
        boolean[] stored = {false};
        inFlight.compute(ticket.id(), (key, placeholder) -> {
            if (bytes != null && contentType != null && version != null && expiresAt != null && ticket.open()
                    && placeholder != null && placeholder.allows(version) && generation.get() == ticket.generation()) {
                entries.put(key, new CachedSession(bytes, contentType, version, expiresAt, ticket.generation()));
                stored[0] = true;
            }
            return placeholder == null ? null : placeholder.leave();
        });
        return stored[0];
    }

    /** This client's own delete was answered: drop the entry, and any read in flight stores nothing. */
    public void forget(String id) {
        deleted(id);
    }

    /** A conditional write failed: the entry is not what the service holds. */
    public void invalidate(String id) {
        entries.invalidate(id);
    }

    /** A touch answered with a later expiry: the entry, if still of {@code version}, lives at least that long. */
    public void expiresAtLeast(String id, Instant expiresAt) {
        entries.asMap().computeIfPresent(id, (key, session) -> session.expiringAtLeast(expiresAt));
    }

    public long estimatedSize() {
        return entries.estimatedSize();
    }

    public long weightedBytes() {
        return entries.policy().eviction().map(eviction -> eviction.weightedSize().orElse(0L)).orElse(0L);
    }

    /** Whether the feed vouches for the cache now. */
    public boolean serving() {
        return servingNow();
    }

    /** Flushes if the feed has been silent past twice its heartbeat; for the feed's watchdog. */
    void checkSilence() {
        servingNow();
    }

    @Override
    public void hello(Duration heartbeat) {
        heartbeatNanos = heartbeat.toNanos();
        lastHeardNanos = nanoTime.getAsLong();
        serving = true;
    }

    @Override
    public void alive() {
        lastHeardNanos = nanoTime.getAsLong();
    }

    @Override
    public void changed(String id, String version) {
        announce(id, version);
    }

    @Override
    public void delivered(long committedAtMillis) {
        events.feedLag(Math.max(0, clock.millis() - committedAtMillis));
    }

    @Override
    public void deleted(String id) {
        announce(id, DELETED);
    }

    @Override
    public void flush(String reason) {
        serving = false;
        generation.incrementAndGet();
        entries.invalidateAll();
        events.flushed(reason);
    }

    private void announce(String id, String version) {
        alive();
        inFlight.compute(id, (key, placeholder) -> {
            entries.asMap().computeIfPresent(key, (k, session) -> session.version().equals(version) ? session : null);
            return placeholder == null ? null : placeholder.announced(version);
        });
    }

    private boolean servingNow() {
        if (!serving) {
            return false;
        }
        if (nanoTime.getAsLong() - lastHeardNanos > 2 * heartbeatNanos) {
            synchronized (this) {
                if (serving && nanoTime.getAsLong() - lastHeardNanos > 2 * heartbeatNanos) {
                    flush("silent");
                }
            }
            return false;
        }
        return true;
    }

    /** A request in flight: the id, the generation it began in, whether the cache was serving then. */
    public record Ticket(String id, long generation, boolean open) {
    }

    /**
     * The requests in flight for one id and the newest version the feed announced for it since the first of them
     * began; changed only inside the map's {@code compute}, which serializes it per id.
     */
    private static final class Placeholder {

        private int requests;
        private @Nullable String announced;

        Placeholder join() {
            requests++;
            return this;
        }

        @Nullable Placeholder leave() {
            return --requests == 0 ? null : this;
        }

        Placeholder announced(String version) {
            announced = version;
            return this;
        }

        boolean allows(String version) {
            return announced == null || announced.equals(version);
        }
    }
}
