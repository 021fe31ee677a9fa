package dev.sessiondata.server.session;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.http.Admission;
import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.server.http.ApiRequest;
import dev.sessiondata.server.http.NettyHeaders;
import dev.sessiondata.server.http.Reply;
import dev.sessiondata.server.index.IndexHeaders;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.serializer.SerializerPolicy;
import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionRead;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.WriteResult;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.util.AsciiString;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.MediaType;
import reactor.core.publisher.Mono;

/**
 * {@code /api/v1/sessions/{id}}: sessions as opaque bytes tagged with the serializer that wrote them, read and
 * written with entity tags. The order of the checks is the order of the costs: the URL, then the headers, then
 * the (bounded) body, then the store, which each request asks once (a read of a large session under load twice,
 * {@link #get}). Nothing here blocks: the store answers stages, which come back on the connection's event loop
 * ({@link ApiRequest#onLoop}).
 */
public final class SessionRoutes {

    public static final String SESSION_PATH = SessionApi.SESSIONS_PATH + "/{id}";
    public static final String TOUCH_PATH = SESSION_PATH + SessionApi.TOUCH_PATH;
    public static final String ID_PATH = SESSION_PATH + SessionApi.ID_PATH;
    private static final AsciiString SESSION_INDEX = AsciiString.cached(SessionApi.INDEX_HEADER);
    private static final AsciiString NEW_ID = AsciiString.cached(SessionApi.NEW_ID_HEADER);

    private final SessionStore store;
    private final SerializerPolicy serializers;
    private final SessionProperties properties;
    private final ServerMetrics metrics;
    private final IndexHeaders indexes;
    private final long maxSize;
    private final Map<String, AsciiString> contentTypes = new ConcurrentHashMap<>();

    public SessionRoutes(SessionStore store, SerializerPolicy serializers, SessionProperties properties,
            ServerMetrics metrics, IndexHeaders indexes) {
        this.store = store;
        this.indexes = indexes;
        this.serializers = serializers;
        this.properties = properties;
        this.metrics = metrics;
        this.maxSize = properties.maxSize().toBytes();
    }

    /** The largest session body a {@code PUT} takes. */
    public long maxSize() {
        return maxSize;
    }

    /**
     * {@code GET} and {@code HEAD}: the bytes with the Content-Type they were written with, whatever the request
     * accepts. A {@code HEAD} only looks: it does not slide the expiry, so checking that a session exists never
     * keeps it alive. {@code Repr-Digest} is the digest stored with the write (absent for sessions written before
     * digests were kept).
     *
     * <p>The session's size is not known before it is read, so the read takes a ceiling
     * ({@link ApiRequest#answerCeiling}): the bytes reserved of the bound of answers in flight, up to the largest
     * session (then the read has no ceiling: the ordinary read, as the store reads it cheapest), or the size of a
     * small answer when there is less room. A session within it is answered at the one store call. A larger one is
     * answered by the store with its length only, neither read nor slid; its length is then held of the bound
     * ({@code 503} when there is no room) and it is read again, and slid by that read. So a large value leaves the
     * store only once its bytes are held, and only a large value under load costs a second store call.
     */
    public Mono<Reply> get(ApiRequest request) {
        String id = SessionRequests.id(request);
        EntityTags.NoneMatch noneMatch = EntityTags.ifNoneMatch(request.header(HttpHeaderNames.IF_NONE_MATCH));
        boolean slide = properties.slidingExpiration() && !request.isHead();
        long ceiling = request.answerCeiling(maxSize);
        // room for the largest session a write takes: the store reads it without asking its length first
        return request.onLoop(read(id, slide, ceiling >= maxSize ? SessionStore.UNBOUNDED : ceiling)).flatMap(read -> {
            if (!read.isLarger()) {
                return Mono.just(reply(id, read, noneMatch));
            }
            if (!request.holdAnswer(read.length())) {
                return Mono.error(Admission.overloaded());
            }
            // its bytes held: read as the ordinary read is (a session rewritten larger meanwhile is held again, or
            // refused, when its answer is made)
            return request.onLoop(read(id, slide, SessionStore.UNBOUNDED)).map(again -> reply(id, again, noneMatch));
        });
    }

    private CompletionStage<SessionRead> read(String id, boolean slide, long ceiling) {
        return slide ? store.get(id, ceiling) : store.peek(id, ceiling);
    }

    private Reply reply(String id, SessionRead read, EntityTags.NoneMatch noneMatch) {
        StoredSession session = read.session();
        if (session == null) {
            throw notFound(id);
        }
        if (noneMatch.matches(session.version())) {
            return Reply.status(304)
                    .header(NettyHeaders.ETAG, EntityTags.of(session.version()))
                    .header(NettyHeaders.EXPIRES_AT, session.expiresAt().toString())
                    .build();
        }
        Reply.Builder reply = Reply.status(200);
        if (session.digest() != null) {
            reply.header(NettyHeaders.REPR_DIGEST, session.digest());
        }
        return reply.header(NettyHeaders.CONTENT_TYPE, contentType(session.serializerId()))
                .header(NettyHeaders.ETAG, EntityTags.of(session.version()))
                .header(NettyHeaders.EXPIRES_AT, session.expiresAt().toString())
                .body(session.data());
    }

    /**
     * {@code PUT}: If-Match makes the write a compare-and-set, If-None-Match: * makes it create-only. Without
     * {@code ttl} an existing session keeps its ttl and a new one gets the default. A {@code Content-Digest} is
     * checked against the body before the store sees it. {@code Session-Index} gives the session its index values,
     * replacing those it had ({@link IndexHeaders}).
     */
    public Mono<Reply> put(ApiRequest request) {
        String id = SessionRequests.id(request);
        String ttlParameter = request.queryParameter(SessionApi.TTL_PARAMETER);
        Duration timeToLive = SessionRequests.ttl(ttlParameter, properties.defaultTtl(), properties.maxTtl());
        String serializer = serializers.requireAccepted(request.header(HttpHeaderNames.CONTENT_TYPE));
        Precondition precondition = EntityTags.writePrecondition(request.header(HttpHeaderNames.IF_MATCH),
                request.header(HttpHeaderNames.IF_NONE_MATCH));
        // a dictionary field sent on several lines is one field, its lines joined by commas (RFC 8941 3.2)
        List<String> digestLines = request.headers(NettyHeaders.CONTENT_DIGEST);
        String contentDigest = digestLines.isEmpty() ? null : String.join(",", digestLines);
        IndexValues indexValues = indexes.of(request.headers(SESSION_INDEX));
        return request.body(maxSize).flatMap(body -> {
            if (body.length == 0) {
                // no serializer writes a session as nothing; an empty body is a client's mistake
                return Mono.error(new ApiProblemException(ProblemType.INVALID_REQUEST,
                        "A session write needs a body: the session as its serializer wrote it."));
            }
            String digest = ContentDigests.verifiedReprDigest(contentDigest, body);
            metrics.payload(serializer, body.length);
            return request.onLoop(store.put(id,
                    new SessionWrite(body, serializer, timeToLive, ttlParameter == null, digest, indexValues),
                    precondition));
        }).map(result -> {
            if (result.outcome() == WriteResult.Outcome.PRECONDITION_FAILED) {
                throw preconditionFailed(id);
            }
            metrics.written(serializer);
            boolean created = result.outcome() == WriteResult.Outcome.CREATED;
            Reply.Builder reply = Reply.status(created ? 201 : 200);
            if (created) {
                reply.header(NettyHeaders.LOCATION, SessionApi.SESSIONS_PATH + "/" + id);
            }
            return reply.header(NettyHeaders.ETAG, EntityTags.of(result.version()))
                    .header(NettyHeaders.EXPIRES_AT, ExpiryTexts.of(Objects.requireNonNull(result.expiresAt())))
                    .build();
        });
    }

    /** {@code DELETE}: If-Match makes the delete conditional. */
    public Mono<Reply> delete(ApiRequest request) {
        String id = SessionRequests.id(request);
        Precondition precondition = EntityTags.ifMatch(request.header(HttpHeaderNames.IF_MATCH));
        return request.onLoop(store.delete(id, precondition)).map(result -> {
            if (result != DeleteResult.DELETED) {
                throw result == DeleteResult.NOT_FOUND ? notFound(id) : preconditionFailed(id);
            }
            return Reply.status(204).build();
        });
    }

    /** {@code POST .../touch}: moves the expiry to now plus the session's ttl. */
    public Mono<Reply> touch(ApiRequest request) {
        String id = SessionRequests.id(request);
        return request.onLoop(store.touch(id)).map(expiresAt -> Reply.status(204)
                .header(NettyHeaders.EXPIRES_AT, expiresAt.orElseThrow(() -> notFound(id)).toString())
                .build());
    }

    /**
     * {@code POST .../id}: moves the session to the id in {@code Session-New-Id} in one conditional step of the store
     * (If-Match: at that version; without it: it must exist), so a session deleted meanwhile never comes back.
     */
    public Mono<Reply> changeId(ApiRequest request) {
        String id = SessionRequests.id(request);
        String newIdHeader = request.header(NEW_ID);
        if (newIdHeader == null) {
            throw new ApiProblemException(ProblemType.INVALID_REQUEST,
                    "An id change names the new id in " + SessionApi.NEW_ID_HEADER + ".");
        }
        String newId = SessionRequests.checkId(newIdHeader.strip());
        Precondition ifMatch = EntityTags.ifMatch(request.header(HttpHeaderNames.IF_MATCH));
        Precondition precondition = ifMatch.kind() == Precondition.Kind.VERSION ? ifMatch : Precondition.present();
        return request.onLoop(store.changeId(id, newId, precondition)).map(result -> switch (result.outcome()) {
            case CHANGED -> Reply.status(201)
                    .header(NettyHeaders.LOCATION, SessionApi.SESSIONS_PATH + "/" + newId)
                    .header(NettyHeaders.ETAG, EntityTags.of(Objects.requireNonNull(result.version())))
                    .header(NettyHeaders.EXPIRES_AT, ExpiryTexts.of(Objects.requireNonNull(result.expiresAt())))
                    .build();
            case NOT_FOUND -> throw notFound(id);
            case PRECONDITION_FAILED -> throw preconditionFailed(id);
            case ID_TAKEN -> throw new ApiProblemException(ProblemType.SESSION_EXISTS,
                    "A session exists under '" + newId + "'; session '" + id + "' keeps its id.");
        });
    }

    private AsciiString contentType(String serializerId) {
        return contentTypes.computeIfAbsent(serializerId,
                id -> AsciiString.cached(MediaType.parseMediaType(SessionApi.mediaTypeOf(id)).toString()));
    }

    private static ApiProblemException notFound(String id) {
        return new ApiProblemException(ProblemType.NOT_FOUND, "No session '" + id + "' (never written, deleted or expired).");
    }

    private static ApiProblemException preconditionFailed(String id) {
        return new ApiProblemException(ProblemType.PRECONDITION_FAILED,
                "Session '" + id + "' is not in the state the request's condition requires; read it again.");
    }
}
