package dev.sessiondata.client.internal.nearcache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.internal.ApiRequest;
import dev.sessiondata.client.internal.ApiResponse;
import dev.sessiondata.client.internal.JsonDocuments;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Touches of cached reads: coalesced per session and resolution, sent as batch touches, their answers applied. */
class TouchesTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private static final byte[] BYTES = {1, 2, 3};
    private static final String TYPE = "application/vnd.sessiondata.java";

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final List<ApiRequest> sent = new ArrayList<>();
    private final Touches touches = new Touches(Duration.ofSeconds(1), 100_000, nanos::get);
    private NearCache cache;

    @BeforeEach
    void cacheServing() {
        cache = new NearCache(1 << 20, NearCacheEvents.NONE, nanos::get, Clock.fixed(NOW, ZoneOffset.UTC));
        cache.hello(Duration.ofSeconds(1));
    }

    @Test
    void tenCachedReadsOfEachOfFiveSessionsAreOneRequestNamingEachOnce() throws Exception {
        for (int read = 0; read < 10; read++) {
            for (int session = 0; session < 5; session++) {
                touches.record("s" + session);
            }
        }

        int touched = touches.sendPending(answering(Map.of(), List.of()), cache);

        assertThat(touched).isEqualTo(5);
        assertThat(sent).hasSize(1);
        ApiRequest request = sent.get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo(SessionApi.TOUCHES_PATH);
        assertThat(request.headers()).containsSequence("Content-Type", "application/json");
        assertThat(ids(request)).containsExactlyInAnyOrder("s0", "s1", "s2", "s3", "s4");
        assertThat(touches.sendPending(answering(Map.of(), List.of()), cache)).as("nothing left").isZero();
        assertThat(sent).hasSize(1);
    }

    @Test
    void moreSessionsThanOneRequestNamesGoInAsFewRequestsAsTheBoundAllows() throws Exception {
        int sessions = Touches.MAX_IDS_PER_REQUEST * 2 + 1;
        for (int session = 0; session < sessions; session++) {
            touches.record("s" + session);
        }

        assertThat(touches.sendPending(answering(Map.of(), List.of()), cache)).isEqualTo(sessions);

        assertThat(sent).hasSize(3);
        int named = 0;
        for (ApiRequest request : sent) {
            named += ids(request).size();
        }
        assertThat(named).isEqualTo(sessions);
    }

    @Test
    void theAnswerRaisesTheExpiryLowerBoundOfTheTouchedAndForgetsTheMissing() {
        store("kept", NOW.plusSeconds(10));
        store("gone", NOW.plusSeconds(10));
        touches.record("kept");
        touches.record("gone");
        Instant slid = NOW.plusSeconds(1800);

        touches.sendPending(answering(Map.of("kept", slid), List.of("gone")), cache);

        assertThat(cache.find("kept", null)).get().extracting(CachedSession::expiresAtLeast).isEqualTo(slid);
        assertThat(cache.find("gone", null)).isEmpty();
    }

    @Test
    void aReadWithinTheResolutionOfItsLastTouchRecordsNoOther() {
        touches.record("a");
        touches.sendPending(answering(Map.of(), List.of()), cache);

        nanos.addAndGet(Duration.ofMillis(500).toNanos());
        touches.record("a");
        assertThat(touches.sendPending(answering(Map.of(), List.of()), cache)).isZero();

        nanos.addAndGet(Duration.ofMillis(600).toNanos());
        touches.record("a");
        assertThat(touches.sendPending(answering(Map.of(), List.of()), cache)).isOne();
    }

    /** The ids a batch touch names. */
    private static List<Object> ids(ApiRequest request) throws Exception {
        return List.copyOf((List<?>) ((Map<?, ?>) JsonDocuments.parse(request.body())).get("ids"));
    }

    private void store(String id, Instant expiresAt) {
        assertThat(cache.complete(cache.begin(id), BYTES, TYPE, "v1", expiresAt)).isTrue();
    }

    /** A service that records each request and answers {@code touched} and {@code missing}. */
    private Function<ApiRequest, ApiResponse> answering(Map<String, Instant> touched, List<String> missing) {
        return request -> {
            sent.add(request);
            StringBuilder answer = new StringBuilder("{\"touched\":[");
            touched.forEach((id, expiresAt) -> answer.append(answer.charAt(answer.length() - 1) == '[' ? "" : ",")
                    .append("{\"id\":\"").append(id).append("\",\"expiresAt\":\"").append(expiresAt).append("\"}"));
            answer.append("],\"missing\":[");
            for (int i = 0; i < missing.size(); i++) {
                answer.append(i == 0 ? "" : ",").append('"').append(missing.get(i)).append('"');
            }
            answer.append("]}");
            return new ApiResponse("POST " + request.path(), 200,
                    HttpHeaders.of(Map.of("Content-Type", List.of("application/json")), (name, value) -> true),
                    answer.toString().getBytes(StandardCharsets.UTF_8));
        };
    }
}
