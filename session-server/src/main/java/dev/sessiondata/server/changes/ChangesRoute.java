package dev.sessiondata.server.changes;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.server.http.ApiRequest;
import dev.sessiondata.server.http.Reply;
import dev.sessiondata.server.security.ApiClient;
import dev.sessiondata.server.security.BearerAuthentication;
import dev.sessiondata.server.security.TokenRegistry;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.util.AsciiString;
import java.util.regex.Pattern;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/v1/changes}: a {@link ChangeFeed} subscription as {@code text/event-stream}, a streamed
 * {@link Reply} of each batch's bytes (a {@link FeedEvent} encodes itself once, however many streams send it);
 * positions, fan-out, heartbeats and the cut of a slow subscriber are the feed's. The stream ends when the feed cuts
 * it; a closed connection cancels it, which gives the subscription back.
 */
public final class ChangesRoute {

    public static final String PATH = SessionApi.BASE_PATH + "/changes";
    private static final AsciiString LAST_EVENT_ID = AsciiString.cached("Last-Event-ID");
    /** As WebFlux wrote it before, so clients see the same header. */
    private static final AsciiString EVENT_STREAM = AsciiString.cached("text/event-stream;charset=UTF-8");
    private static final AsciiString NO_STORE = AsciiString.cached("no-store");

    /** The query parameter naming the subscriber's application group: see {@link ChangeFeed}. */
    public static final String GROUP_PARAMETER = "group";
    private static final Pattern GROUP = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    private final ChangeFeed feed;
    private final TokenRegistry tokens;

    public ChangesRoute(ChangeFeed feed, TokenRegistry tokens) {
        this.feed = feed;
        this.tokens = tokens;
    }

    /** A {@code GET} subscribes; a {@code HEAD} answers the headers a {@code GET} would have, and subscribes nothing. */
    public Mono<Reply> changes(ApiRequest request) {
        Reply.Builder reply = Reply.status(200)
                .header(HttpHeaderNames.CONTENT_TYPE, EVENT_STREAM)
                .header(HttpHeaderNames.CACHE_CONTROL, NO_STORE);
        if (request.isHead()) {
            return Mono.just(reply.build());
        }
        // the authentication link let only a known token through; its client is who the stream limit counts
        String client = tokens.authenticate(BearerAuthentication.bearerToken(
                request.header(HttpHeaderNames.AUTHORIZATION))).map(ApiClient::name).orElse("");
        String group = request.queryParameter(GROUP_PARAMETER);
        if (group != null && !GROUP.matcher(group).matches()) {
            return Mono.error(new ApiProblemException(ProblemType.INVALID_REQUEST, "An application group is 1 to 64"
                    + " letters, digits, '.', '_', '-' or ':'."));
        }
        Flux<FeedBatch> events;
        try {
            events = feed.subscribe(client, request.header(LAST_EVENT_ID), group);
        } catch (SubscriberLimitException e) {
            return Mono.error(new ApiProblemException(ProblemType.TOO_MANY_STREAMS, e.getMessage()));
        }
        return Mono.just(reply.stream(events.map(FeedBatch::frame)));
    }
}
