package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.reactor.netty.NettyRouteProvider;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.HttpServerRoutes;

/**
 * The one front door: every request but the actuator's, on Reactor Netty's own route ahead of WebFlux, through the
 * {@link Link}s in the order given (outermost first) and then the {@link RouteTable}. It makes the {@link ApiRequest},
 * writes the {@link Reply} (on the connection's event loop, where the links and handlers answer) and gives back the
 * request's share of answers in flight ({@link AnswerBytes}) once the answer is written or can no longer be. A target
 * that is not a URI is refused here, before any link, as Netty refuses what it cannot parse: a problem without
 * {@code instance} (echoing the target would reflect the sender's bytes), and the connection closed.
 */
public final class ApiPipeline implements NettyRouteProvider {

    private static final String ACTUATOR = "/actuator";
    private static final Logger LOG = LoggerFactory.getLogger(ApiPipeline.class);

    private final Link[] links;
    private final RouteTable routes;
    private final ProblemDocuments problems;
    private final AnswerBytes answers;

    /**
     * @param problems answers what no link answered, and what Netty could not parse
     * @param answers  the bound of answers in flight, of which each request's share is given back here
     */
    public ApiPipeline(List<Link> links, RouteTable routes, ProblemDocuments problems, AnswerBytes answers) {
        this.links = links.toArray(Link[]::new);
        this.routes = routes;
        this.answers = answers;
        this.problems = problems;
    }

    @Override
    public HttpServerRoutes apply(HttpServerRoutes serverRoutes) {
        return serverRoutes.route(request -> !isActuator(request.uri()), this::handle);
    }

    /** {@code /actuator} and below: WebFlux's, as Spring Boot puts it. */
    private static boolean isActuator(String uri) {
        if (!uri.startsWith(ACTUATOR)) {
            return false;
        }
        if (uri.length() == ACTUATOR.length()) {
            return true;
        }
        char next = uri.charAt(ACTUATOR.length());
        return next == '/' || next == '?';
    }

    private Publisher<Void> handle(HttpServerRequest netty, HttpServerResponse response) {
        String uri = netty.uri();
        String method = netty.method().name();
        if (!isUri(uri)) {
            response.responseHeaders().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            return write(response, problems.reply(new ApiProblemException(ProblemType.INVALID_REQUEST,
                    "The request is not well-formed HTTP/1.1."), method, null), false);
        }
        int query = uri.indexOf('?');
        String path = query < 0 ? uri : uri.substring(0, query);
        ApiRequest request = new ApiRequest(netty, response.responseHeaders(), method, path,
                query < 0 ? null : uri.substring(query + 1), routes.match(method, path), answers);
        // written, failed or cancelled (the connection closed): the answer's bytes are no longer held
        return run(request).flatMap(reply -> write(response, reply, request.isHead()))
                .doFinally(signal -> request.releaseAnswer());
    }

    /**
     * The request through the links' way in, its handler, and the links' way out: the reply, or nothing when the
     * client left before there was one.
     */
    private Mono<Reply> run(ApiRequest request) {
        int entered = 0;
        Runnable ended = null;
        Mono<Reply> made;
        try {
            for (; entered < links.length; entered++) {
                Runnable release = links[entered].enter(request);
                if (release != null) {
                    ended = ended == null ? release : both(ended, release);
                }
            }
            made = routes.dispatch(request);
        } catch (RuntimeException | Error refused) {
            made = Mono.error(refused);
        }
        if (ended != null) {
            Runnable whenEnded = ended;
            made = made.doFinally(signal -> whenEnded.run());
        }
        int depth = entered;
        return made.map(reply -> leave(request, reply, null, depth)).onErrorResume(failure -> {
            if (DisconnectedClientHelper.isClientDisconnectedException(failure)) {
                // the client left (closed the connection mid-body, say): there is nobody to answer
                LOG.debug("Client gone during {} {}: {}", request.method(), request.path(), failure.toString());
                return Mono.empty();
            }
            return Mono.just(leave(request, null, failure, depth));
        });
    }

    /**
     * The way out through the links {@code 0 .. depth - 1}, innermost first, of a reply or a failure. A failure goes
     * outwards until a link answers it; one that no link answers gets its problem here, so the way out never fails.
     */
    private Reply leave(ApiRequest request, @Nullable Reply made, @Nullable Throwable failed, int depth) {
        Reply reply = made;
        Throwable failure = failed;
        for (int i = depth - 1; i >= 0; i--) {
            Link link = links[i];
            try {
                if (failure != null) {
                    reply = link.fail(request, failure);
                    if (reply == null) {
                        continue;
                    }
                    failure = null;
                }
                reply = link.leave(request, reply);
            } catch (RuntimeException | Error thrown) {
                failure = thrown;
            }
        }
        if (failure != null) {
            return problems.reply(failure, request.method(), request.path());
        }
        return reply;
    }

    private static Runnable both(Runnable first, Runnable second) {
        return () -> {
            try {
                first.run();
            } finally {
                second.run();
            }
        };
    }

    private static Mono<Void> write(HttpServerResponse response, Reply reply, boolean head) {
        response.status(reply.status());
        HttpHeaders headers = response.responseHeaders();
        if (!reply.headers().isEmpty()) {
            headers.add(reply.headers());
        }
        byte @Nullable [] body = reply.body();
        Publisher<Void> sending;
        if (reply.stream() != null) {
            // flushed when the buffers that are ready are written, not after each: a feed's event reaches the client
            // when it happens, and a burst of events costs one write to the socket instead of one per event (with a
            // flush per event, 100 subscribers cost a 1 KB write through the Redis store 29 times its server CPU)
            sending = response.send(reply.stream(), buffer -> false);
        } else if (body != null) {
            headers.setInt(NettyHeaders.CONTENT_LENGTH, body.length);
            sending = head ? response.send() : response.send(Mono.just(Unpooled.wrappedBuffer(body)));
        } else {
            sending = response.send();
        }
        return Mono.from(sending);
    }

    /**
     * Whether the request target is a URI (RFC 3986): printable ASCII without space, {@code "}, {@code <},
     * {@code >}, {@code \}, {@code ^}, {@code `}, <code>{</code>, {@code |}, <code>}</code>.
     */
    private static boolean isUri(String uri) {
        for (int i = 0; i < uri.length(); i++) {
            char c = uri.charAt(i);
            if (c <= ' ' || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' || c == '`'
                    || c == '{' || c == '|' || c == '}') {
                return false;
            }
        }
        return true;
    }
}
