package dev.sessiondata.server.web;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.changes.ChangeFeed;
import dev.sessiondata.server.changes.FeedEvent;
import dev.sessiondata.server.changes.SubscriberLimitException;
import dev.sessiondata.server.security.ApiClient;
import dev.sessiondata.server.security.BearerTokenFilter;
import dev.sessiondata.server.security.TokenRegistry;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/v1/changes}: a {@link ChangeFeed} subscription as {@code text/event-stream}. Only the framing is
 * here; positions, fan-out, heartbeats and the cut of a slow subscriber are the feed's.
 */
public final class ChangesRoute {

    public static final String PATH = SessionApi.BASE_PATH + "/changes";
    private static final String LAST_EVENT_ID = "Last-Event-ID";

    private final ChangeFeed feed;
    private final TokenRegistry tokens;

    public ChangesRoute(ChangeFeed feed, TokenRegistry tokens) {
        this.feed = feed;
        this.tokens = tokens;
    }

    /** A {@code GET} subscribes; a {@code HEAD} answers the headers a {@code GET} would have, and subscribes nothing. */
    public Mono<ServerResponse> changes(ServerRequest request) {
        if (HttpMethod.HEAD.equals(request.method())) {
            return ServerResponse.ok().contentType(MediaType.TEXT_EVENT_STREAM).cacheControl(CacheControl.noStore())
                    .build();
        }
        // the bearer filter let only a known token through; its client is who the stream limit counts
        String client = tokens.authenticate(BearerTokenFilter.bearerToken(
                request.headers().firstHeader(HttpHeaders.AUTHORIZATION))).map(ApiClient::name).orElse("");
        Flux<FeedEvent> events;
        try {
            events = feed.subscribe(client, request.headers().firstHeader(LAST_EVENT_ID));
        } catch (SubscriberLimitException e) {
            return Mono.error(new ApiProblemException(ProblemType.TOO_MANY_STREAMS, e.getMessage()));
        }
        return ServerResponse.ok()
                .contentType(MediaType.TEXT_EVENT_STREAM)
                .cacheControl(CacheControl.noStore())
                .body(events.map(ChangesRoute::sse), ServerSentEvent.class);
    }

    private static ServerSentEvent<String> sse(FeedEvent event) {
        ServerSentEvent.Builder<String> sse = ServerSentEvent.builder(event.data()).event(event.name());
        return (event.id() == null ? sse : sse.id(event.id())).build();
    }
}
