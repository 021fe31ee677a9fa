package dev.sessiondata.client.internal.nearcache;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.internal.ApiRequest;
import dev.sessiondata.client.internal.ApiResponse;
import dev.sessiondata.client.internal.ClientLog;
import dev.sessiondata.client.internal.ExpiresAt;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Moves the expiry of sessions read from the near cache without a request per read: a read records a touch, at
 * most one per session per resolution is kept, and a background pass sends what was kept. The service has no batch
 * touch route, so a pass sends one {@code POST .../touch} per session; what it answers (the new expiry, or that the
 * session is gone) goes back to the cache.
 *
 * <p>Bounded: at most {@code maxPending} sessions wait for their touch; past that a read's touch is not recorded, and
 * the entry is revalidated with the service when its expiry lower bound passes, which slides the expiry too.
 */
public final class Touches {

    private final long resolutionNanos;
    private final int maxPending;
    private final LongSupplier nanoTime;
    private final ConcurrentHashMap<String, Long> lastRecorded = new ConcurrentHashMap<>();
    private final Set<String> pending = ConcurrentHashMap.newKeySet();

    public Touches(Duration resolution, int maxPending, LongSupplier nanoTime) {
        this.resolutionNanos = resolution.toNanos();
        this.maxPending = maxPending;
        this.nanoTime = nanoTime;
    }

    /** A read of {@code id} was served from the cache. */
    public void record(String id) {
        long now = nanoTime.getAsLong();
        Long last = lastRecorded.get(id);
        if (last != null && now - last < resolutionNanos || pending.size() >= maxPending) {
            return;
        }
        lastRecorded.put(id, now);
        pending.add(id);
    }

    /**
     * Sends every touch kept so far through {@code send} and tells {@code cache} what they answered.
     *
     * @return how many were sent
     */
    public int sendPending(Function<ApiRequest, ApiResponse> send, NearCache cache) {
        List<String> ids = new ArrayList<>(pending);
        int sent = 0;
        for (String id : ids) {
            pending.remove(id);
            try {
                ApiResponse response = send.apply(ApiRequest.post("near-cache-touch",
                        SessionApi.SESSIONS_PATH + "/" + id + SessionApi.TOUCH_PATH));
                sent++;
                if (response.status() == 404) {
                    cache.forget(id);
                } else if (response.isSuccessful()) {
                    response.header(SessionApi.EXPIRES_AT_HEADER).map(ExpiresAt::parse)
                            .ifPresent(expiresAt -> cache.expiresAtLeast(id, expiresAt));
                }
            } catch (RuntimeException e) {
                ClientLog.LOG.debug("A touch of a session read from the near cache failed; its entry is revalidated "
                        + "when its expiry lower bound passes", e);
            }
        }
        long horizon = nanoTime.getAsLong() - resolutionNanos;
        lastRecorded.values().removeIf(recorded -> recorded < horizon);
        return sent;
    }
}
