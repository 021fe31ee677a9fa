package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.metrics.RequestMetrics;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.security.ApiClient;
import dev.sessiondata.server.security.BearerTokenFilter;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.store.IndexValues;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.WriteResult;
import io.micrometer.core.instrument.Timer;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AsciiString;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.reactor.netty.NettyRouteProvider;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.HttpServerRoutes;
import tools.jackson.databind.json.JsonMapper;

/**
 * The write most of the traffic is, a {@code PUT} of a session with a declared length, plain or conditional
 * ({@code If-Match} with a version, {@code If-None-Match: *}), with or without {@code ttl} and
 * {@code Content-Digest}, answered on Reactor Netty's own route ahead of WebFlux, as {@link SessionReadRoute}
 * answers the read. The answer is the one {@link SessionHandler#put} and the API's filters give: the same checks in
 * the same order, the same write admission, the same body bound, the same store call, the same status, headers and
 * problem documents, the same {@code http.server.requests} timer.
 *
 * <p>A body can be read once, so what goes to WebFlux is decided before a byte of it is read: a request this route
 * would refuse before the body (no or an unknown token, a read-only token, an id or {@code ttl} WebFlux would
 * refuse or decode, another query, a {@code Content-Type} not accepted, a {@code Session-Index} refused, conditional headers that are not one of
 * the two forms a write takes, a length not declared or over the limit or zero, {@code Expect}) goes to WebFlux as
 * it came, which refuses it with its problem document. What can go wrong once the body is being read (a body
 * shorter than declared, a digest that does not match, the store's precondition or failure) and a refusal by the
 * write admission are answered here with the problem document WebFlux's {@link ProblemHandler} would write
 * ({@link ProblemAnswer}).
 */
public final class SessionWriteRoute implements NettyRouteProvider {

    /** The problem handler's: its answers are this route's, and so are its log lines. */
    private static final Logger LOG = LoggerFactory.getLogger(ProblemHandler.class);
    private static final String PREFIX = SessionApi.SESSIONS_PATH + "/";
    private static final String TTL_QUERY = SessionApi.TTL_PARAMETER + "=";
    /** A {@code ttl} value as WebFlux would take it as it is: nothing to decode. */
    private static final Pattern PLAIN_TTL = Pattern.compile("[0-9]{1,19}");
    private static final AsciiString PROBLEM = AsciiString.cached(SessionApi.PROBLEM_MEDIA_TYPE);

    private final SessionStore store;
    private final TokenRegistry tokens;
    private final RequestMetrics requests;
    private final ServerMetrics metrics;
    private final SessionProperties properties;
    private final SerializerPolicy serializers;
    private final WriteAdmission admission;
    private final JsonMapper json;
    private final WebFluxHandOff webFlux;
    private final IndexHeaders indexes;
    private final long maxSize;
    private final AsciiString activeSerializer;
    /** The timers of this route's two answers, taken from {@link RequestMetrics} once. */
    private volatile @Nullable Timer createdTimer;
    private volatile @Nullable Timer replacedTimer;

    public SessionWriteRoute(SessionStore store, TokenRegistry tokens, RequestMetrics requests, ServerMetrics metrics,
            SessionProperties properties, SerializerPolicy serializers, WriteAdmission admission, JsonMapper json,
            IndexHeaders indexes, Supplier<HttpHandler> webFlux) {
        this.store = store;
        this.indexes = indexes;
        this.tokens = tokens;
        this.requests = requests;
        this.metrics = metrics;
        this.properties = properties;
        this.serializers = serializers;
        this.admission = admission;
        this.json = json;
        this.webFlux = new WebFluxHandOff(webFlux);
        this.maxSize = properties.maxSize().toBytes();
        this.activeSerializer = AsciiString.cached(serializers.active());
    }

    @Override
    public HttpServerRoutes apply(HttpServerRoutes routes) {
        return routes.route(request -> request.method() == HttpMethod.PUT && request.uri().startsWith(PREFIX),
                this::handle);
    }

    /** What the request asks, checked as {@link SessionHandler#put} checks it before reading the body. */
    private record Write(String id, String path, @Nullable String ttlParameter, Duration ttl, String serializer,
            Precondition precondition, @Nullable String contentDigest, IndexValues indexes, long length) {
    }

    private Publisher<Void> handle(HttpServerRequest request, HttpServerResponse response) {
        long start = System.nanoTime();
        Write write = plainWrite(request);
        if (write == null) {
            return webFlux.apply(request, response);
        }
        // the permit is held until the store has the write (or the write failed), then given back once
        return Mono.using(() -> admission.admit(write.length(), maxSize),
                        permit -> body(request, write.length()).flatMap(body -> store(request, write, body)),
                        WriteAdmission.Permit::close)
                .flatMap(result -> Mono.from(answer(response, write, result, start)))
                .onErrorResume(failure -> Mono.from(problem(response, write.path(), failure, start)));
    }

    /** The write a request asks for when this route answers it; null when it goes to WebFlux. */
    private @Nullable Write plainWrite(HttpServerRequest request) {
        String uri = request.uri();
        int query = uri.indexOf('?');
        String path = query < 0 ? uri : uri.substring(0, query);
        String id = path.substring(PREFIX.length());
        String ttlParameter = query < 0 ? null : plainTtl(uri.substring(query + 1));
        HttpHeaders headers = request.requestHeaders();
        if (!SessionApi.SESSION_ID.matcher(id).matches() || (query >= 0 && ttlParameter == null)
                || headers.contains(HttpHeaderNames.EXPECT) || headers.contains(HttpHeaderNames.TRANSFER_ENCODING)
                || !writeAllowed(headers)) {
            return null;
        }
        long length = declaredLength(headers.get(HttpHeaderNames.CONTENT_LENGTH));
        if (length < 1 || length > maxSize) {
            return null;
        }
        List<String> digestLines = headers.getAll(NettyHeaders.CONTENT_DIGEST);
        try {
            return new Write(id, path, ttlParameter,
                    SessionRequests.ttl(ttlParameter, properties.defaultTtl(), properties.maxTtl()),
                    serializers.requireAccepted(headers.get(HttpHeaderNames.CONTENT_TYPE)),
                    EntityTags.writePrecondition(headers.get(HttpHeaderNames.IF_MATCH), headers.get(HttpHeaderNames.IF_NONE_MATCH)),
                    // a dictionary field sent on several lines is one field, its lines joined by commas (RFC 8941 3.2)
                    digestLines.isEmpty() ? null : String.join(",", digestLines),
                    indexes.of(headers.getAll(NettyHeaders.SESSION_INDEX)), length);
        } catch (ApiProblemException refusedBeforeTheBody) {
            // WebFlux refuses it the same way, with its problem document; nothing of the body was read
            return null;
        }
    }

    /** The value of a query that is exactly {@code ttl=<digits>}; null for any other. */
    private static @Nullable String plainTtl(String query) {
        if (!query.startsWith(TTL_QUERY)) {
            return null;
        }
        String value = query.substring(TTL_QUERY.length());
        return PLAIN_TTL.matcher(value).matches() ? value : null;
    }

    private boolean writeAllowed(HttpHeaders headers) {
        Optional<ApiClient> client = tokens.authenticate(BearerTokenFilter.bearerToken(headers.get(HttpHeaderNames.AUTHORIZATION)));
        return client.isPresent() && client.get().access().allowsWrites();
    }

    /** A {@code Content-Length} of ASCII digits; -1 for anything else (absent, a list, a sign). */
    private static long declaredLength(@Nullable String value) {
        if (value == null || value.isEmpty() || value.length() > 18) {
            return -1;
        }
        long length = 0;
        for (int i = 0; i < value.length(); i++) {
            char digit = value.charAt(i);
            if (digit < '0' || digit > '9') {
                return -1;
            }
            length = length * 10 + (digit - '0');
        }
        return length;
    }

    /** The body, copied once from Netty's buffers (released by Reactor Netty as each is passed on) into one array. */
    private static Mono<byte[]> body(HttpServerRequest request, long length) {
        return Mono.defer(() -> {
            RequestBodies.Body body = new RequestBodies.Body(length, Math.toIntExact(length));
            return request.receive()
                    .doOnNext(buffer -> body.append(buffer.readableBytes(), buffer::readBytes))
                    .then(Mono.fromSupplier(body::bytes));
        });
    }

    private Mono<WriteResult> store(HttpServerRequest request, Write write, byte[] body) {
        String digest = ContentDigests.verifiedReprDigest(write.contentDigest(), body);
        metrics.payload(write.serializer(), body.length);
        return EventLoops.resumeOn(((Connection) request).channel().eventLoop(), store.put(write.id(),
                new SessionWrite(body, write.serializer(), write.ttl(), write.ttlParameter() == null, digest, write.indexes()),
                write.precondition()));
    }

    private Publisher<Void> answer(HttpServerResponse response, Write write, WriteResult result, long start) {
        if (result.outcome() == WriteResult.Outcome.PRECONDITION_FAILED) {
            return problem(response, write.path(), new ApiProblemException(ProblemType.PRECONDITION_FAILED,
                    "Session '" + write.id() + "' is not in the state the request's condition requires; read it again."),
                    start);
        }
        metrics.written(write.serializer());
        boolean created = result.outcome() == WriteResult.Outcome.CREATED;
        HttpHeaders headers = response.responseHeaders();
        headers.set(NettyHeaders.SERIALIZER_ACTIVE, activeSerializer);
        if (created) {
            headers.set(NettyHeaders.LOCATION, write.path());
        }
        headers.set(NettyHeaders.ETAG, EntityTags.of(result.version()))
                .set(NettyHeaders.EXPIRES_AT, ExpiryTexts.of(Objects.requireNonNull(result.expiresAt())));
        response.status(created ? HttpResponseStatus.CREATED : HttpResponseStatus.OK);
        writtenTimer(created).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        return response.send();
    }

    /** The problem document {@link ProblemHandler} would answer {@code failure} with, or nothing to a client gone. */
    private Publisher<Void> problem(HttpServerResponse response, String path, Throwable failure, long start) {
        if (DisconnectedClientHelper.isClientDisconnectedException(failure)) {
            LOG.debug("Client gone during PUT {}: {}", path, failure.toString());
            return Mono.empty();
        }
        ProblemAnswer answer = ProblemAnswer.of(failure, "PUT", path, admission.retryAfterSeconds());
        metrics.rejected(answer.type());
        byte[] body = answer.body(json, path);
        HttpHeaders headers = response.responseHeaders();
        headers.set(NettyHeaders.SERIALIZER_ACTIVE, activeSerializer);
        answer.headers().forEach(headers::set);
        headers.set(HttpHeaderNames.CONTENT_TYPE, PROBLEM)
                .set(HttpHeaderNames.CONTENT_LENGTH, body.length);
        int status = answer.type().status();
        response.status(status);
        requests.timer("PUT", ApiRoutes.SESSION_PATH, status).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        return response.send(Mono.just(Unpooled.wrappedBuffer(body)));
    }

    /** Taken the first time it is needed: a timer registered before it times anything would show a series of none. */
    private Timer writtenTimer(boolean created) {
        Timer timer = created ? createdTimer : replacedTimer;
        if (timer == null) {
            timer = requests.timer("PUT", ApiRoutes.SESSION_PATH, created ? 201 : 200);
            if (created) {
                createdTimer = timer;
            } else {
                replacedTimer = timer;
            }
        }
        return timer;
    }
}
