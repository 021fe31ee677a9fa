package dev.sessiondata.client.internal.nearcache;

import dev.sessiondata.client.internal.Transport;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.jspecify.annotations.Nullable;

/** Makes a client's near cache: the cache, its feed, its touches, its meters, as one interceptor. */
public final class NearCaches {

    /** Sessions waiting for their touch, at most. */
    private static final int MAX_PENDING_TOUCHES = 100_000;

    private NearCaches() {
    }

    /**
     * The interceptor of a near cache of {@code maxBytes}, following the feed of the service at {@code baseUri};
     * nothing connects until its first request.
     *
     * @param http the application's {@link HttpClient}, or null for one of the feed's own
     * @param meterRegistry an {@code io.micrometer.core.instrument.MeterRegistry}, or null to measure nothing
     */
    public static NearCacheInterceptor interceptor(long maxBytes, Duration touchResolution, URI baseUri, String token,
                                                   @Nullable HttpClient http, Duration connectTimeout,
                                                   @Nullable Object meterRegistry) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "sessiondata-near-cache");
            thread.setDaemon(true);
            return thread;
        });
        NearCacheEvents events = NearCacheEvents.NONE;
        MicrometerNearCacheEvents meters = null;
        if (meterRegistry != null) {
            meters = new MicrometerNearCacheEvents((io.micrometer.core.instrument.MeterRegistry) meterRegistry);
            events = meters;
        }
        NearCache cache = new NearCache(maxBytes, events);
        if (meters != null) {
            meters.watch(cache);
        }
        HttpClient feedClient = http;
        if (feedClient == null) {
            // the feed's lines are parsed where its selector thread reads them: every change the service announces
            // (one per write, the application's own included) went from that thread to a pool thread first, a
            // hand-off per event (docs/benchmarks/2026-11-29-near-cached-write-hop-by-hop); nothing on the way
            // blocks (the parser, the cache's bookkeeping, the feed's own lock, held only for such bookkeeping)
            feedClient = HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1)
                    .executor(Transport.CALLER_RUNS).build();
        }
        ChangeFeed feed = new ChangeFeed(feedClient, baseUri, token, connectTimeout, cache, scheduler);
        return new NearCacheInterceptor(cache, new Touches(touchResolution, MAX_PENDING_TOUCHES, System::nanoTime),
                events, feed, scheduler, List.of(scheduler));
    }
}
