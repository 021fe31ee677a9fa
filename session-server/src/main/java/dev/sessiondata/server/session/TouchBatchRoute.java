package dev.sessiondata.server.session;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.server.http.ApiRequest;
import dev.sessiondata.server.http.NettyHeaders;
import dev.sessiondata.server.http.Reply;
import dev.sessiondata.server.store.SessionStore;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/v1/touches}: the touch of many sessions in one request, for clients that serve reads from a near
 * cache and slide the expiry of the sessions they served. The body names the ids, {@code {"ids": ["a", "b"]}}, at
 * most {@link SessionProperties#maxTouchBatch()} (a repeated id is touched once); the store touches them in one
 * batch, and the answer gives each session found its new expiry (a lower bound of its expiry for whoever caches it)
 * and lists the ids found absent. Checked before the store is asked: the media type, the body's size, its shape,
 * the count and every id, each refusal a problem document that stores nothing.
 */
public final class TouchBatchRoute {

    public static final String PATH = SessionApi.TOUCHES_PATH;

    /** The bytes one id may take in the body: 128 characters, quotes, a comma and a few blanks. */
    private static final int BYTES_PER_ID = 128 + 2 + 1 + 29;
    private static final int ENVELOPE_BYTES = 1024;

    private final SessionStore store;
    private final JsonMapper json;
    private final int maxIds;

    public TouchBatchRoute(SessionStore store, SessionProperties properties, JsonMapper json) {
        this.store = store;
        this.json = json;
        this.maxIds = properties.maxTouchBatch();
    }

    /** The largest body a batch of the most ids takes, with room for blanks between them. */
    public long maxBodyBytes() {
        return ENVELOPE_BYTES + (long) maxIds * BYTES_PER_ID;
    }

    public Mono<Reply> touchAll(ApiRequest request) {
        if (!isJson(request.header(HttpHeaderNames.CONTENT_TYPE))) {
            throw new ApiProblemException(ProblemType.UNSUPPORTED_MEDIA_TYPE,
                    "Send the ids as application/json: {\"ids\": [\"id\", ...]}.");
        }
        return request.body(maxBodyBytes()).map(this::ids)
                .flatMap(ids -> request.onLoop(store.touchAll(ids)).map(touched -> answer(ids, touched)));
    }

    /** The distinct ids of the body, in their order; a problem for any other body. */
    private List<String> ids(byte[] body) {
        JsonNode document;
        try {
            document = json.readTree(body);
        } catch (JacksonException e) {
            throw shape("The body is not JSON.");
        }
        JsonNode ids = document == null ? null : document.get("ids");
        if (ids == null || !ids.isArray()) {
            throw shape("The body has no array \"ids\".");
        }
        if (ids.size() > maxIds) {
            throw new ApiProblemException(ProblemType.PAYLOAD_TOO_LARGE, "A batch touch names at most " + maxIds
                    + " sessions; this one names " + ids.size() + ".", Map.of("maxIds", maxIds));
        }
        Set<String> distinct = new LinkedHashSet<>();
        for (JsonNode id : ids) {
            if (!id.isString()) {
                throw shape("Every element of \"ids\" is a session id, a string.");
            }
            distinct.add(SessionRequests.checkId(id.asString()));
        }
        return List.copyOf(distinct);
    }

    private Reply answer(List<String> ids, Map<String, Instant> touched) {
        List<Touched> found = new ArrayList<>(touched.size());
        List<String> missing = new ArrayList<>(ids.size() - touched.size());
        for (String id : ids) {
            Instant expiresAt = touched.get(id);
            if (expiresAt == null) {
                missing.add(id);
            } else {
                found.add(new Touched(id, ExpiryTexts.of(expiresAt)));
            }
        }
        return Reply.status(200).header(NettyHeaders.CONTENT_TYPE, NettyHeaders.APPLICATION_JSON)
                .body(json.writeValueAsBytes(new Answer(found, missing)));
    }

    private static boolean isJson(@Nullable String contentType) {
        if (contentType == null) {
            return false;
        }
        int parameters = contentType.indexOf(';');
        String type = (parameters < 0 ? contentType : contentType.substring(0, parameters)).strip();
        return type.equalsIgnoreCase("application/json");
    }

    private static ApiProblemException shape(String detail) {
        return new ApiProblemException(ProblemType.INVALID_REQUEST, detail + " A batch touch is {\"ids\": [\"id\", ...]}.");
    }

    /** The answer: the sessions touched with their new expiry, and the ids not found. */
    record Answer(List<Touched> touched, List<String> missing) {
    }

    /** One session touched: its id and its new expiry, ISO-8601 as {@code Session-Expires-At}. */
    record Touched(String id, String expiresAt) {
    }
}
