package dev.sessiondata.server.web;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.metrics.RequestMetrics;
import dev.sessiondata.server.security.BearerTokenFilter;
import dev.sessiondata.server.security.TokenRegistry;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.StoredSession;
import io.micrometer.core.instrument.Timer;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AsciiString;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.springframework.boot.reactor.netty.NettyRouteProvider;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.HttpHandler;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.HttpServerRoutes;

/**
 * The one request most of the traffic is, a plain {@code GET} of a session that exists, answered on Reactor Netty's
 * own route ahead of WebFlux, on the same port; every other request, and every such {@code GET} that is not plain
 * or does not find its session, goes to WebFlux as it came.
 *
 * <p>Measured side by side ({@code loadtest/ab.sh}, memory store, 10 KB), WebFlux's exchange, filter chain,
 * dispatcher, router and response writer cost several times the CPU of the whole request on Reactor Netty alone.
 * The answer here is the one {@link SessionHandler#get} and the API's filters give (status, headers, body, the
 * {@code http.server.requests} timer); everything this route does not answer itself — a missing or unknown token
 * (401), an id WebFlux would refuse or decode, a query, {@code If-None-Match} (304), an absent session (404), a
 * store that failed (503) — is left to WebFlux, which answers it with its problem documents. A request is handed
 * over before anything of it is answered; a read that found nothing is repeated there, which changes nothing.
 */
public final class SessionReadRoute implements NettyRouteProvider {

    private static final String PREFIX = SessionApi.SESSIONS_PATH + "/";

    private final SessionStore store;
    private final TokenRegistry tokens;
    private final RequestMetrics metrics;
    private final boolean slide;
    private final AsciiString activeSerializer;
    private final WebFluxHandOff webFlux;
    private final Map<String, AsciiString> contentTypes = new ConcurrentHashMap<>();
    /** This route's timer, taken from {@link RequestMetrics} once: a lookup per request was 5 % of a read's samples. */
    private volatile @Nullable Timer readTimer;

    public SessionReadRoute(SessionStore store, TokenRegistry tokens, RequestMetrics metrics,
            SessionProperties properties, SerializerPolicy serializers, Supplier<HttpHandler> webFlux) {
        this.store = store;
        this.tokens = tokens;
        this.metrics = metrics;
        this.slide = properties.slidingExpiration();
        this.activeSerializer = AsciiString.cached(serializers.active());
        this.webFlux = new WebFluxHandOff(webFlux);
    }

    @Override
    public HttpServerRoutes apply(HttpServerRoutes routes) {
        return routes.route(request -> request.method() == HttpMethod.GET && request.uri().startsWith(PREFIX),
                this::handle);
    }

    private Publisher<Void> handle(HttpServerRequest request, HttpServerResponse response) {
        long start = System.nanoTime();
        String id = plainId(request.uri());
        if (id == null || request.requestHeaders().contains(HttpHeaderNames.IF_NONE_MATCH) || !readAllowed(request)) {
            return webFlux.apply(request, response);
        }
        CompletionStage<Optional<StoredSession>> read = slide ? store.get(id) : store.peek(id);
        if (read instanceof CompletableFuture<Optional<StoredSession>> done && done.isDone()
                && !done.isCompletedExceptionally()) {
            return answer(request, response, done.getNow(Optional.empty()), start);
        }
        // a store that answers later (Redis) answers on its own threads: the response is written from the
        // connection's event loop, for the reason EventLoops gives
        return EventLoops.resumeOn(((Connection) request).channel().eventLoop(), read)
                .onErrorResume(failure -> Mono.just(Optional.empty()))
                .flatMap(found -> Mono.from(answer(request, response, found, start)));
    }

    private Publisher<Void> answer(HttpServerRequest request, HttpServerResponse response,
            Optional<StoredSession> found, long start) {
        if (found.isEmpty()) {
            return webFlux.apply(request, response);
        }
        StoredSession session = found.get();
        byte[] data = session.data();
        response.status(HttpResponseStatus.OK)
                .header(NettyHeaders.SERIALIZER_ACTIVE, activeSerializer)
                .header(HttpHeaderNames.CONTENT_TYPE, contentTypes.computeIfAbsent(session.serializerId(),
                        serializerId -> AsciiString.cached(MediaType.parseMediaType(SessionApi.mediaTypeOf(serializerId)).toString())))
                .header(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(data.length))
                .header(NettyHeaders.ETAG, EntityTags.of(session.version()))
                .header(NettyHeaders.EXPIRES_AT, session.expiresAt().toString());
        if (session.digest() != null) {
            response.header(NettyHeaders.REPR_DIGEST, session.digest());
        }
        Timer timer = readTimer;
        if (timer == null) {
            timer = metrics.timer("GET", ApiRoutes.SESSION_PATH, 200);
            readTimer = timer;
        }
        timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        return response.send(Mono.just(Unpooled.wrappedBuffer(data)));
    }

    /** The id of {@code /api/v1/sessions/<id>} when the URI is exactly that with a valid id; null otherwise. */
    private static @Nullable String plainId(String uri) {
        String id = uri.substring(PREFIX.length());
        return SessionApi.SESSION_ID.matcher(id).matches() ? id : null;
    }

    private boolean readAllowed(HttpServerRequest request) {
        String authorization = request.requestHeaders().get(HttpHeaderNames.AUTHORIZATION);
        return tokens.authenticate(BearerTokenFilter.bearerToken(authorization)).isPresent();
    }
}
