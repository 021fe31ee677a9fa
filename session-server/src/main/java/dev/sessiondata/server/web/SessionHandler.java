package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SerializersInfo;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionStoreStatistics;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.WriteResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * {@code /api/v1/sessions/{id}}: sessions as opaque bytes tagged with the serializer that wrote them, read and
 * written with entity tags. The order of the checks is the order of the costs: the URL, then the headers, then
 * the (bounded) body, then the store. Nothing here blocks: the store answers stages; an answer already
 * complete (the memory store's) is used as it is, on the event loop that read the request, and a later one (Redis's)
 * is brought back to that loop ({@link EventLoops}).
 */
public final class SessionHandler {

    private final SessionStore store;
    private final SessionStoreStatistics statistics;
    private final SerializerPolicy serializers;
    private final SessionProperties properties;
    private final ServerMetrics metrics;
    private final WriteAdmission admission;
    private final IndexHeaders indexes;
    private final Map<String, MediaType> mediaTypes = new ConcurrentHashMap<>();

    public SessionHandler(SessionStore store, SessionStoreStatistics statistics, SerializerPolicy serializers,
            SessionProperties properties, ServerMetrics metrics, WriteAdmission admission, IndexHeaders indexes) {
        this.store = store;
        this.indexes = indexes;
        this.statistics = statistics;
        this.serializers = serializers;
        this.properties = properties;
        this.metrics = metrics;
        this.admission = admission;
    }

    /**
     * {@code PUT}: If-Match makes the write a compare-and-set, If-None-Match: * makes it create-only. Without
     * {@code ttl} an existing session keeps its ttl and a new one gets the default. A {@code Content-Digest} is
     * checked against the body before the store sees it. {@code Session-Index} gives the session its index values,
     * replacing those it had ({@link IndexHeaders}).
     */
    public Mono<ServerResponse> put(ServerRequest request) {
        String id = SessionRequests.id(request);
        String ttlParameter = request.queryParam(SessionApi.TTL_PARAMETER).orElse(null);
        Duration timeToLive = SessionRequests.ttl(ttlParameter, properties.defaultTtl(), properties.maxTtl());
        HttpHeaders headers = request.headers().asHttpHeaders();
        String serializer = serializers.requireAccepted(headers.getFirst(HttpHeaders.CONTENT_TYPE));
        Precondition precondition = EntityTags.writePrecondition(headers.getFirst(HttpHeaders.IF_MATCH),
                headers.getFirst(HttpHeaders.IF_NONE_MATCH));
        // a dictionary field sent on several lines is one field, its lines joined by commas (RFC 8941 3.2)
        List<String> digestLines = headers.get(SessionApi.CONTENT_DIGEST_HEADER);
        String contentDigest = digestLines == null ? null : String.join(",", digestLines);
        IndexValues indexValues = indexes.of(headers.get(SessionApi.INDEX_HEADER));
        long maxSize = properties.maxSize().toBytes();
        // the permit is held until the store has the write (or the write failed), then given back once
        return Mono.using(() -> admission.admit(headers.getContentLength(), maxSize),
                        permit -> RequestBodies.read(request.exchange().getRequest(), maxSize).flatMap(body -> {
                            if (body.length == 0) {
                                // no serializer writes a session as nothing; an empty body is a client's mistake
                                return Mono.error(new ApiProblemException(ProblemType.INVALID_REQUEST,
                                        "A session write needs a body: the session as its serializer wrote it."));
                            }
                            String digest = ContentDigests.verifiedReprDigest(contentDigest, body);
                            metrics.payload(serializer, body.length);
                            return EventLoops.resumeOn(request.exchange(), store.put(id,
                                    new SessionWrite(body, serializer, timeToLive, ttlParameter == null, digest, indexValues),
                                    precondition));
                        }),
                        WriteAdmission.Permit::close)
                .flatMap(result -> {
                    if (result.outcome() == WriteResult.Outcome.PRECONDITION_FAILED) {
                        return Mono.error(preconditionFailed(id));
                    }
                    metrics.written(serializer);
                    ServerResponse.BodyBuilder response = result.outcome() == WriteResult.Outcome.CREATED
                            ? ServerResponse.status(HttpStatus.CREATED).header(HttpHeaders.LOCATION, SessionApi.SESSIONS_PATH + "/" + id)
                            : ServerResponse.ok();
                    return response.header(HttpHeaders.ETAG, EntityTags.of(result.version()))
                            .header(SessionApi.EXPIRES_AT_HEADER, String.valueOf(result.expiresAt()))
                            .build();
                });
    }

    /**
     * {@code GET} and {@code HEAD}: the bytes with the Content-Type they were written with, whatever the request
     * accepts. A {@code HEAD} only looks: it does not slide the expiry, so checking that a session exists never
     * keeps it alive. {@code Repr-Digest} is the digest stored with the write (absent for sessions written before
     * digests were kept).
     */
    public Mono<ServerResponse> get(ServerRequest request) {
        String id = SessionRequests.id(request);
        boolean slide = properties.slidingExpiration() && request.method() != HttpMethod.HEAD;
        String ifNoneMatch = request.headers().asHttpHeaders().getFirst(HttpHeaders.IF_NONE_MATCH);
        return EventLoops.resumeOn(request.exchange(), (slide ? store.get(id) : store.peek(id))).flatMap(found -> {
            if (found.isEmpty()) {
                return Mono.error(notFound(id));
            }
            StoredSession session = found.get();
            if (EntityTags.noneMatchFails(ifNoneMatch, session.version())) {
                return ServerResponse.status(HttpStatus.NOT_MODIFIED)
                        .header(HttpHeaders.ETAG, EntityTags.of(session.version()))
                        .header(SessionApi.EXPIRES_AT_HEADER, session.expiresAt().toString())
                        .build();
            }
            byte[] data = session.data();
            ServerResponse.BodyBuilder response = ServerResponse.ok();
            if (session.digest() != null) {
                response.header(SessionApi.REPR_DIGEST_HEADER, session.digest());
            }
            return response
                    .contentType(mediaTypes.computeIfAbsent(session.serializerId(),
                            serializerId -> MediaType.parseMediaType(SessionApi.mediaTypeOf(serializerId))))
                    .contentLength(data.length)
                    .header(HttpHeaders.ETAG, EntityTags.of(session.version()))
                    .header(SessionApi.EXPIRES_AT_HEADER, session.expiresAt().toString())
                    .body(ByteBodies.of(data));
        });
    }

    /**
     * {@code GET /serializers}: the policy, with the writes stored per accepted serializer since the start and,
     * where the store counts them cheaply (memory), the live sessions per serializer: what the operator watches
     * before narrowing {@code accepted}.
     */
    public Mono<ServerResponse> serializers(ServerRequest request) {
        SerializersInfo info = serializers.info();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("active", info.active());
        body.put("accepted", info.accepted());
        body.put("available", info.available());
        body.put("writes", metrics.writesBySerializer());
        statistics.sessionsBySerializer().ifPresent(sessions -> body.put("sessions", sessions));
        return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(body);
    }

    /** {@code DELETE}: If-Match makes the delete conditional. */
    public Mono<ServerResponse> delete(ServerRequest request) {
        String id = SessionRequests.id(request);
        Precondition precondition = EntityTags.ifMatch(request.headers().asHttpHeaders().getFirst(HttpHeaders.IF_MATCH));
        return EventLoops.resumeOn(request.exchange(), store.delete(id, precondition)).flatMap(result -> result == DeleteResult.DELETED
                ? ServerResponse.noContent().build()
                : Mono.error(result == DeleteResult.NOT_FOUND ? notFound(id) : preconditionFailed(id)));
    }

    /** {@code POST .../touch}: moves the expiry to now plus the session's ttl. */
    public Mono<ServerResponse> touch(ServerRequest request) {
        String id = SessionRequests.id(request);
        return EventLoops.resumeOn(request.exchange(), store.touch(id)).flatMap(expiresAt -> expiresAt.isEmpty() ? Mono.error(notFound(id))
                : ServerResponse.noContent().header(SessionApi.EXPIRES_AT_HEADER, expiresAt.get().toString()).build());
    }

    /**
     * {@code POST .../id}: moves the session to the id in {@code Session-New-Id} in one conditional step of the store
     * (If-Match: at that version; without it: it must exist), so a session deleted meanwhile never comes back.
     */
    public Mono<ServerResponse> changeId(ServerRequest request) {
        String id = SessionRequests.id(request);
        HttpHeaders headers = request.headers().asHttpHeaders();
        String newIdHeader = headers.getFirst(SessionApi.NEW_ID_HEADER);
        if (newIdHeader == null) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST,
                    "An id change names the new id in " + SessionApi.NEW_ID_HEADER + ".");
        }
        String newId = SessionRequests.checkId(newIdHeader.strip());
        Precondition ifMatch = EntityTags.ifMatch(headers.getFirst(HttpHeaders.IF_MATCH));
        Precondition precondition = ifMatch.kind() == Precondition.Kind.VERSION ? ifMatch : Precondition.present();
        return EventLoops.resumeOn(request.exchange(), store.changeId(id, newId, precondition)).flatMap(result ->
                switch (result.outcome()) {
                    case CHANGED -> ServerResponse.status(HttpStatus.CREATED)
                            .header(HttpHeaders.LOCATION, SessionApi.SESSIONS_PATH + "/" + newId)
                            .header(HttpHeaders.ETAG, EntityTags.of(result.version()))
                            .header(SessionApi.EXPIRES_AT_HEADER, String.valueOf(result.expiresAt()))
                            .build();
                    case NOT_FOUND -> Mono.error(notFound(id));
                    case PRECONDITION_FAILED -> Mono.error(preconditionFailed(id));
                    case ID_TAKEN -> Mono.error(new ApiProblemException(ProblemType.SESSION_EXISTS,
                            "A session exists under '" + newId + "'; session '" + id + "' keeps its id."));
                });
    }

    private static ApiProblemException notFound(String id) {
        return new ApiProblemException(ProblemType.NOT_FOUND, "No session '" + id + "' (never written, deleted or expired).");
    }

    private static ApiProblemException preconditionFailed(String id) {
        return new ApiProblemException(ProblemType.PRECONDITION_FAILED,
                "Session '" + id + "' is not in the state the request's condition requires; read it again.");
    }
}
