package dev.sessiondata.server.metrics;

import dev.sessiondata.server.store.SessionStoreStatistics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gauge {@code sessiondata.sessions.active} (tag store), bound through Micrometer's {@link MeterBinder}.
 *
 * <p>Where counting is a read of local state (the memory store's estimated size) a scrape reads the store. Where it
 * is a call to another server (Redis: {@code DBSIZE} and a bounded sample of keys per master, an estimate whose
 * accuracy {@code RedisSessionStatistics} documents) one background thread counts every {@code interval} and a scrape
 * reads the last count: a scrape never waits for Redis, and Redis pays one count per interval however often it is
 * scraped. The value is then as old as the interval at most. Before the first count completes, and while Redis is
 * away on the first one, the gauge is NaN; a failed later count keeps the previous one.
 */
public final class SessionCountGauge implements MeterBinder, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SessionCountGauge.class);

    private final SessionStoreStatistics store;
    private final String storeName;
    private final @Nullable ScheduledExecutorService counter;
    private final AtomicLong lastCount = new AtomicLong(-1);

    private SessionCountGauge(SessionStoreStatistics store, String storeName, @Nullable Duration interval) {
        this.store = store;
        this.storeName = storeName;
        if (interval == null) {
            this.counter = null;
        } else {
            this.counter = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "sessiondata-session-count");
                thread.setDaemon(true);
                return thread;
            });
            counter.scheduleWithFixedDelay(this::count, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** A gauge that asks the store on every scrape: for stores whose count is cheap. */
    public static SessionCountGauge onEveryScrape(SessionStoreStatistics store, String storeName) {
        return new SessionCountGauge(store, storeName, null);
    }

    /** A gauge that shows the last of the counts made in the background every {@code interval}. */
    public static SessionCountGauge countedEvery(Duration interval, SessionStoreStatistics store, String storeName) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("the session count interval must be positive, was " + interval);
        }
        return new SessionCountGauge(store, storeName, interval);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("sessiondata.sessions.active", this, SessionCountGauge::value)
                .description(counter == null ? "Sessions held by the store"
                        : "Sessions held by the store, as of the last periodic count")
                .tag("store", storeName)
                .strongReference(true)
                .register(registry);
    }

    private double value() {
        if (counter == null) {
            return store.estimatedSessionCount();
        }
        long count = lastCount.get();
        return count < 0 ? Double.NaN : count;
    }

    private void count() {
        try {
            lastCount.set(store.estimatedSessionCount());
        } catch (RuntimeException e) {
            LOG.debug("Could not count the sessions of the {} store; the gauge keeps its last value", storeName, e);
        }
    }

    @Override
    public void close() {
        if (counter != null) {
            counter.shutdownNow();
        }
    }
}
