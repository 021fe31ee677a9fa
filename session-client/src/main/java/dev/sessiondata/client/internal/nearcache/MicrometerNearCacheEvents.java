package dev.sessiondata.client.internal.nearcache;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter.MeterProvider;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;

/**
 * The near cache's meters, named as Micrometer's cache binders name theirs:
 * <ul>
 *   <li>{@code sessiondata.client.nearcache.gets}: reads per {@code result} ({@code hit}, {@code miss});</li>
 *   <li>{@code sessiondata.client.nearcache.entries} and {@code sessiondata.client.nearcache.size} (bytes, by the
 *       weigher): gauges read from the cache;</li>
 *   <li>{@code sessiondata.client.nearcache.flushes}: every entry dropped, per {@code reason} ({@code cut},
 *       {@code silent}, {@code reset:trimmed}, {@code reset:epoch}, {@code reset:slow}, {@code reset:malformed},
 *       {@code closed});</li>
 *   <li>{@code sessiondata.client.nearcache.touches}: sessions touched for reads the cache served (sent as
 *       batch touches; the requests are {@code sessiondata.client.requests} of operation
 *       {@code near-cache-touch});</li>
 *   <li>{@code sessiondata.client.nearcache.feed.lag}: from a change's commit in the service to its delivery to the
 *       cache, by the service's clock and this client's, so it includes their skew.</li>
 * </ul>
 * The hit ratio is the rate of {@code gets} of result {@code hit} over the rate of all {@code gets}.
 */
final class MicrometerNearCacheEvents implements NearCacheEvents {

    private final Counter hits;
    private final Counter misses;
    private final MeterProvider<Counter> flushes;
    private final Counter touches;
    private final Timer feedLag;

    private final MeterRegistry registry;

    MicrometerNearCacheEvents(MeterRegistry registry) {
        this.registry = registry;
        Counter.Builder gets = Counter.builder("sessiondata.client.nearcache.gets")
                .description("Session reads that reached the near cache");
        this.hits = gets.tag("result", "hit").register(registry);
        this.misses = gets.tag("result", "miss").register(registry);
        this.flushes = Counter.builder("sessiondata.client.nearcache.flushes")
                .description("Times the near cache dropped every entry").withRegistry(registry);
        this.touches = Counter.builder("sessiondata.client.nearcache.touches")
                .description("Touches sent for reads served from the near cache").register(registry);
        this.feedLag = Timer.builder("sessiondata.client.nearcache.feed.lag")
                .description("From a change's commit in the service to its delivery to the near cache")
                .register(registry);
    }

    /** Registers the gauges that read {@code cache}. */
    void watch(NearCache cache) {
        Gauge.builder("sessiondata.client.nearcache.entries", cache, NearCache::estimatedSize)
                .description("Sessions in the near cache").register(registry);
        Gauge.builder("sessiondata.client.nearcache.size", cache, NearCache::weightedBytes).baseUnit("bytes")
                .description("Weight of the near cache's entries").register(registry);
    }

    @Override
    public void hit() {
        hits.increment();
    }

    @Override
    public void miss() {
        misses.increment();
    }

    @Override
    public void flushed(String reason) {
        flushes.withTags("reason", reason).increment();
    }

    @Override
    public void touchesSent(int count) {
        touches.increment(count);
    }

    @Override
    public void feedLag(long millis) {
        feedLag.record(millis, TimeUnit.MILLISECONDS);
    }
}
