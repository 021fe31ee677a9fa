package dev.sessiondata.client.internal.nearcache;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
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
        List<ExecutorService> owned = new ArrayList<>(List.of(scheduler));
        HttpClient feedClient = http;
        if (feedClient == null) {
            ExecutorService lines = Executors.newCachedThreadPool(task -> {
                Thread thread = new Thread(task, "sessiondata-near-cache-feed");
                thread.setDaemon(true);
                return thread;
            });
            owned.add(lines);
            feedClient = HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1)
                    .executor(lines).build();
        }
        ChangeFeed feed = new ChangeFeed(feedClient, baseUri, token, connectTimeout, cache, scheduler);
        return new NearCacheInterceptor(cache, new Touches(touchResolution, MAX_PENDING_TOUCHES, System::nanoTime),
                events, feed, scheduler, owned);
    }
}
