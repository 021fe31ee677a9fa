package dev.sessiondata.client.internal.nearcache;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.internal.ApiRequest;
import dev.sessiondata.client.internal.ApiResponse;
import dev.sessiondata.client.internal.ExpiresAt;
import dev.sessiondata.client.internal.Interceptor;
import java.net.http.HttpHeaders;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The near cache as one link of the transport's chain: a session read ({@code GET .../sessions/{id}}) is answered
 * from the {@link NearCache} when it vouches for the entry, and otherwise sent on, its answer stored by the cache's
 * rules; a successful write stores the bytes it wrote under the version the service answered; a {@code 412}
 * evicts (the cached version was not the service's); a delete evicts and keeps reads in flight from storing; a
 * touch's answer raises the entry's expiry lower bound. A read served here records a {@link Touches touch}.
 *
 * <p>A read may carry {@link #MIN_VERSION_HEADER}: the version a user's last response came from. An entry of any
 * other version is not served (versions are random, so "older" cannot be told from "newer"), and the header is not
 * sent on. The feed opens on the first request, not when the client is built.
 */
public final class NearCacheInterceptor implements Interceptor, AutoCloseable {

    /** The read-your-writes token of a read: serve no cached entry of another version. */
    public static final String MIN_VERSION_HEADER = "Session-Min-Version";

    private static final String PREFIX = SessionApi.SESSIONS_PATH + "/";
    private static final BiPredicate<String, String> ALL = (name, value) -> true;

    private final NearCache cache;
    private final Touches touches;
    private final NearCacheEvents events;
    private final ChangeFeed feed;
    private final ScheduledExecutorService scheduler;
    private final List<ExecutorService> owned;
    private final AtomicBoolean started = new AtomicBoolean();

    /**
     * @param scheduler the feed's and the touches' one thread
     * @param owned the executors {@link #close()} stops (the scheduler)
     */
    public NearCacheInterceptor(NearCache cache, Touches touches, NearCacheEvents events, ChangeFeed feed,
                                ScheduledExecutorService scheduler, List<ExecutorService> owned) {
        this.cache = cache;
        this.touches = touches;
        this.events = events;
        this.feed = feed;
        this.scheduler = scheduler;
        this.owned = List.copyOf(owned);
    }

    /** Sends the recorded touches through {@code send} (the whole transport) once per {@code resolutionMillis}. */
    public void sendTouchesThrough(Function<ApiRequest, ApiResponse> send, long resolutionMillis) {
        scheduler.scheduleWithFixedDelay(() -> {
            int sent = touches.sendPending(send, cache);
            if (sent > 0) {
                events.touchesSent(sent);
            }
        }, resolutionMillis, resolutionMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public CompletionStage<ApiResponse> intercept(Chain chain) {
        if (started.compareAndSet(false, true)) {
            feed.start();
        }
        ApiRequest request = chain.request();
        String path = request.path();
        if (!path.startsWith(PREFIX)) {
            return chain.proceed(request);
        }
        int query = path.indexOf('?');
        String rest = path.substring(PREFIX.length(), query < 0 ? path.length() : query);
        return switch (request.method()) {
            case "GET" -> rest.indexOf('/') < 0 ? read(chain, request, rest) : chain.proceed(request);
            case "PUT" -> rest.indexOf('/') < 0 ? stored(chain, request, rest) : chain.proceed(request);
            case "DELETE" -> rest.indexOf('/') < 0 ? delete(chain, request, rest) : chain.proceed(request);
            case "POST" -> rest.endsWith(SessionApi.TOUCH_PATH)
                    ? touch(chain, request, rest.substring(0, rest.length() - SessionApi.TOUCH_PATH.length()))
                    : chain.proceed(request);
            default -> chain.proceed(request);
        };
    }

    @Override
    public void close() {
        feed.close();
        owned.forEach(ExecutorService::shutdownNow);
    }

    private CompletionStage<ApiResponse> read(Chain chain, ApiRequest request, String id) {
        String minVersion = header(request, MIN_VERSION_HEADER);
        ApiRequest sent = minVersion == null ? request : without(request, MIN_VERSION_HEADER);
        Optional<CachedSession> hit = cache.find(id, minVersion);
        if (hit.isPresent()) {
            events.hit();
            touches.record(id);
            return CompletableFuture.completedFuture(answer(request, hit.get()));
        }
        events.miss();
        return stored(chain, sent, id);
    }

    /**
     * Sends a read or a write on between {@link NearCache#begin} and {@link NearCache#complete}: a read's successful
     * answer is stored as it came, a write's as the bytes it sent under the version answered. Any other outcome
     * stores nothing, and a refused write or an absent session evicts.
     */
    private CompletionStage<ApiResponse> stored(Chain chain, ApiRequest sent, String id) {
        NearCache.Ticket ticket = cache.begin(id);
        boolean read = sent.method().equals("GET");
        return chain.proceed(sent).whenComplete((response, failure) -> {
            if (response != null && (read ? response.status() == 200 : response.isSuccessful())) {
                cache.complete(ticket, read ? response.body() : sent.body(),
                        read ? response.header("Content-Type").orElse(null) : header(sent, "Content-Type"),
                        response.version().orElse(null), expiresAt(response));
            } else {
                cache.complete(ticket, null, null, null, null);
                if (response == null || !read || response.status() == 404) {
                    cache.invalidate(id);
                }
            }
        });
    }

    private CompletionStage<ApiResponse> delete(Chain chain, ApiRequest request, String id) {
        return chain.proceed(request).whenComplete((response, failure) -> cache.forget(id));
    }

    private CompletionStage<ApiResponse> touch(Chain chain, ApiRequest request, String id) {
        return chain.proceed(request).thenApply(response -> {
            if (response.status() == 404) {
                cache.forget(id);
            } else if (response.isSuccessful()) {
                Instant expiresAt = expiresAt(response);
                if (expiresAt != null) {
                    cache.expiresAtLeast(id, expiresAt);
                }
            }
            return response;
        });
    }

    private static ApiResponse answer(ApiRequest request, CachedSession session) {
        HttpHeaders headers = HttpHeaders.of(Map.of(
                "Content-Type", List.of(session.contentType()),
                "ETag", List.of("\"" + session.version() + "\""),
                SessionApi.EXPIRES_AT_HEADER, List.of(ExpiresAt.format(session.expiresAtLeast()))), ALL);
        return new ApiResponse(request.method() + " " + request.path() + " (near cache)", 200, headers,
                session.bytes());
    }

    private static @Nullable Instant expiresAt(ApiResponse response) {
        return response.header(SessionApi.EXPIRES_AT_HEADER).map(ExpiresAt::parse).orElse(null);
    }

    private static @Nullable String header(ApiRequest request, String name) {
        List<String> headers = request.headers();
        for (int i = 0; i < headers.size(); i += 2) {
            if (headers.get(i).equalsIgnoreCase(name)) {
                return headers.get(i + 1);
            }
        }
        return null;
    }

    private static ApiRequest without(ApiRequest request, String name) {
        List<String> kept = new ArrayList<>(request.headers().size());
        List<String> headers = request.headers();
        for (int i = 0; i < headers.size(); i += 2) {
            if (!headers.get(i).equalsIgnoreCase(name)) {
                kept.add(headers.get(i));
                kept.add(headers.get(i + 1));
            }
        }
        return new ApiRequest(request.operation(), request.method(), request.path(), kept, request.body(),
                request.sessionBody(), request.bodyLimit());
    }
}
