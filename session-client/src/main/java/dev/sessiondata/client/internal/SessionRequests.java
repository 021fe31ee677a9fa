package dev.sessiondata.client.internal;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.WriteOptions;
import java.time.Duration;
import java.util.Objects;

/**
 * The requests of the session verbs, made once for both views of the client (the blocking {@code SessionClient}
 * and its {@code AsyncSessionClient}): the path of a session, its write with a time to live, its conditions.
 */
public final class SessionRequests {

    private SessionRequests() {
    }

    /**
     * The {@code PUT} of a session's bytes, with what the options give (the time to live in whole seconds, rounded
     * up, or the longest allowed) and the precondition header if any ({@code If-Match}, {@code If-None-Match}).
     */
    public static ApiRequest write(String operation, String id, WriteOptions options, SessionBody body,
                                   String... condition) {
        String path = sessionPath(id) + (options.longestAllowed()
                ? "?" + SessionApi.TTL_PARAMETER + "=" + SessionApi.TTL_LONGEST
                : options.ttl().map(t -> "?" + SessionApi.TTL_PARAMETER + "=" + seconds(t)).orElse(""));
        ApiRequest request = ApiRequest.putSession(operation, path, body);
        if (!options.indexes().isEmpty()) {
            request = request.header(SessionApi.INDEX_HEADER, IndexPages.header(options.indexes()));
        }
        return condition.length == 0 ? request : request.header(condition[0], condition[1]);
    }

    /** The {@code GET} of a session, its answer's body bounded by {@code maxPayloadBytes}. */
    public static ApiRequest read(String operation, String id, int maxPayloadBytes) {
        return ApiRequest.get(operation, sessionPath(id), maxPayloadBytes);
    }

    /** The {@code POST} that extends a session's time to live without reading it. */
    public static ApiRequest touch(String id) {
        return ApiRequest.post("touch", sessionPath(id) + "/touch");
    }

    /** The {@code DELETE} of a session, only at {@code expectedVersion} when one is given. */
    public static ApiRequest delete(String id, String... expectedVersion) {
        ApiRequest request = ApiRequest.delete("delete", sessionPath(id));
        return expectedVersion.length == 0 ? request
                : request.header("If-Match", ifMatch(Objects.requireNonNull(expectedVersion[0], "expectedVersion")));
    }

    /**
     * The {@code POST} that moves the session {@code id} to {@code newId}, only at {@code expectedVersion} when one is
     * given.
     */
    public static ApiRequest changeId(String id, String newId, String... expectedVersion) {
        sessionPath(newId);
        ApiRequest request = ApiRequest.post("change-id", sessionPath(id) + SessionApi.ID_PATH)
                .header(SessionApi.NEW_ID_HEADER, newId);
        return expectedVersion.length == 0 ? request
                : request.header("If-Match", ifMatch(Objects.requireNonNull(expectedVersion[0], "expectedVersion")));
    }

    /** The value of an {@code If-Match} header for a version. */
    public static String ifMatch(String version) {
        return "\"" + version + "\"";
    }

    /**
     * The path of the session {@code id}.
     *
     * @throws IllegalArgumentException if the id is not one the service takes
     */
    public static String sessionPath(String id) {
        Objects.requireNonNull(id, "id");
        if (!SessionApi.SESSION_ID.matcher(id).matches()) {
            throw new IllegalArgumentException("id must match " + SessionApi.SESSION_ID.pattern() + ", was '" + id
                    + "'");
        }
        return SessionApi.SESSIONS_PATH + "/" + id;
    }

    private static long seconds(Duration ttl) {
        return ttl.getSeconds() + (ttl.getNano() > 0 ? 1 : 0);
    }
}
