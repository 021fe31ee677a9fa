package dev.sessiondata.client.internal.nearcache;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.internal.ApiRequest;
import dev.sessiondata.client.internal.ApiResponse;
import dev.sessiondata.client.internal.ClientLog;
import dev.sessiondata.client.internal.ExpiresAt;
import dev.sessiondata.client.internal.JsonDocuments;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Moves the expiry of sessions read from the near cache without a request per read: a read records a touch, at
 * most one per session per resolution is kept, and a background pass sends what was kept as batch touches
 * ({@code POST /api/v1/touches}), one request for up to {@link #MAX_IDS_PER_REQUEST} sessions. What the service
 * answers goes back to the cache: each session's new expiry raises its entry's expiry lower bound, and a session
 * the service no longer has is forgotten.
 *
 * <p>Bounded: at most {@code maxPending} sessions wait for their touch; past that a read's touch is not recorded, and
 * the entry is revalidated with the service when its expiry lower bound passes, which slides the expiry too.
 */
public final class Touches {

    /**
     * The most ids one request names: below the service's default bound ({@code sessiondata.session.max-touch-batch},
     * 1000), so that a service configured lower than its default still takes them down to this.
     */
    static final int MAX_IDS_PER_REQUEST = 500;
    /** The largest answer taken: {@link #MAX_IDS_PER_REQUEST} ids with an expiry each, with room to spare. */
    private static final int ANSWER_LIMIT = 1 << 20;
    private static final JsonFactory JSON = JsonFactory.builder().build();

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
     * Sends every touch kept so far through {@code send}, {@link #MAX_IDS_PER_REQUEST} a request, and tells
     * {@code cache} what they answered.
     *
     * @return how many sessions' touches were sent
     */
    public int sendPending(Function<ApiRequest, ApiResponse> send, NearCache cache) {
        List<String> ids = new ArrayList<>(pending);
        pending.removeAll(ids);
        int sent = 0;
        for (int from = 0; from < ids.size(); from += MAX_IDS_PER_REQUEST) {
            List<String> batch = ids.subList(from, Math.min(ids.size(), from + MAX_IDS_PER_REQUEST));
            try {
                ApiResponse response = send.apply(new ApiRequest("near-cache-touch", "POST", SessionApi.TOUCHES_PATH,
                        List.of("Content-Type", "application/json"), body(batch), null, ANSWER_LIMIT));
                sent += batch.size();
                if (response.status() == 200) {
                    answered(response.body(), cache);
                } else {
                    ClientLog.LOG.debug("A batch touch of sessions read from the near cache was answered {}; their "
                            + "entries are revalidated when their expiry lower bounds pass", response.status());
                }
            } catch (RuntimeException e) {
                ClientLog.LOG.debug("A batch touch of sessions read from the near cache failed; their entries are "
                        + "revalidated when their expiry lower bounds pass", e);
            }
        }
        long horizon = nanoTime.getAsLong() - resolutionNanos;
        lastRecorded.values().removeIf(recorded -> recorded < horizon);
        return sent;
    }

    /** {@code {"ids": [...]}}. */
    private static byte[] body(List<String> ids) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(32 + ids.size() * 40);
        try (JsonGenerator json = JSON.createGenerator(bytes)) {
            json.writeStartObject();
            json.writeArrayFieldStart("ids");
            for (String id : ids) {
                json.writeString(id);
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return bytes.toByteArray();
    }

    /** The answer's {@code touched} raise their entries' expiry lower bounds; its {@code missing} are forgotten. */
    private static void answered(byte[] answer, NearCache cache) {
        Object document;
        try {
            document = JsonDocuments.parse(answer);
        } catch (IOException e) {
            ClientLog.LOG.debug("An unreadable answer to a batch touch", e);
            return;
        }
        if (!(document instanceof Map<?, ?> fields)) {
            return;
        }
        if (fields.get("touched") instanceof List<?> touched) {
            for (Object one : touched) {
                if (one instanceof Map<?, ?> session && session.get("id") instanceof String id
                        && session.get("expiresAt") instanceof String expiresAt) {
                    cache.expiresAtLeast(id, ExpiresAt.parse(expiresAt));
                }
            }
        }
        if (fields.get("missing") instanceof List<?> missing) {
            for (Object id : missing) {
                if (id instanceof String gone) {
                    cache.forget(gone);
                }
            }
        }
    }
}
