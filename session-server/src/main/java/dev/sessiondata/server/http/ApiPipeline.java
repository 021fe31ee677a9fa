package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.springframework.boot.reactor.netty.NettyRouteProvider;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.HttpServerRoutes;

/**
 * The one front door: every request but the actuator's, on Reactor Netty's own route ahead of WebFlux, through the
 * links in the order given (outermost first) and then the {@link RouteTable}. It makes the {@link ApiRequest},
 * writes the {@link Reply} (on the connection's event loop, where the links and handlers answer) and gives back the
 * request's share of answers in flight ({@link AnswerBytes}) once the answer is written or can no longer be. A target
 * that is not a URI is refused here, before any link, as Netty refuses what it cannot parse: a problem without
 * {@code instance} (echoing the target would reflect the sender's bytes), and the connection closed.
 */
public final class ApiPipeline implements NettyRouteProvider {

    private static final String ACTUATOR = "/actuator";

    private final RouteTable routes;
    private final Link.Chain chain;
    private final ProblemDocuments problems;
    private final AnswerBytes answers;

    public ApiPipeline(List<Link> links, RouteTable routes, ProblemDocuments problems, AnswerBytes answers) {
        this.routes = routes;
        this.answers = answers;
        this.problems = problems;
        Link.Chain chain = routes::dispatch;
        for (int i = links.size() - 1; i >= 0; i--) {
            Link link = links.get(i);
            Link.Chain next = chain;
            chain = request -> link.handle(request, next);
        }
        this.chain = chain;
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
        return chain.proceed(request).flatMap(reply -> write(response, reply, request.isHead()))
                .doFinally(signal -> request.releaseAnswer());
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
