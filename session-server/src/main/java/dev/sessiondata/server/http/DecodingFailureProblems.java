package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import reactor.netty.NettyPipeline;

/**
 * Turns the answers given to requests that cannot be parsed into problem documents, and closes the connection.
 * Netty's HTTP decoder refuses a request line over 4 KiB ({@code 414}), a header section over the limit
 * ({@code 431}), {@code Content-Length: -1} or a garbage request line ({@code 400}), and Reactor Netty answers those
 * itself; a target that is no URI (a raw {@code \} in the path) passes Netty but not Spring's adapter, which
 * answers {@code 400} before any filter or handler runs. Neither has a hook, and both answer with an empty body.
 *
 * <p>So this replaces the response, not the request: it sits right after the HTTP codec and swaps an empty
 * {@code 400}, {@code 414} or {@code 431} without a {@code Content-Type} for the problem of that status. The API
 * answers every error of its own with a problem document and never a {@code 414} or {@code 431}, so such a response
 * can only be one of those. Reactor Netty still decides the status, logs the failure, and answers a pipelined request
 * in order. Requests pass it untouched (it has no inbound side); a response costs a type check and a status
 * comparison. The problem has no {@code instance}: the request line may be what could not be parsed, and echoing it
 * would reflect the sender's bytes.
 */
@ChannelHandler.Sharable
public final class DecodingFailureProblems extends ChannelOutboundHandlerAdapter {

    private static final String NAME = "sessiondata.decodingFailureProblems";

    private final Consumer<ProblemType> rejected;
    private final byte[] invalidRequest;
    private final byte[] uriTooLong;
    private final byte[] headerTooLarge;

    public DecodingFailureProblems(ProblemDocuments problems, Consumer<ProblemType> rejected) {
        this.rejected = rejected;
        this.invalidRequest = body(problems, ProblemType.INVALID_REQUEST, "The request is not well-formed HTTP/1.1.");
        this.uriTooLong = body(problems, ProblemType.URI_TOO_LONG, "The request line is longer than the server accepts.");
        this.headerTooLarge = body(problems, ProblemType.HEADER_TOO_LARGE,
                "The request's header section is larger than the server accepts.");
    }

    /** Installs the handler on every connection whose pipeline has an HTTP/1.1 codec. */
    public NettyServerCustomizer customizer() {
        return server -> server.doOnChannelInit((observer, channel, remoteAddress) -> {
            if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                channel.pipeline().addAfter(NettyPipeline.HttpCodec, NAME, this);
            }
        });
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        ProblemType type = msg instanceof FullHttpResponse response ? refusal(response) : null;
        if (type == null) {
            ctx.write(msg, promise);
            return;
        }
        ReferenceCountUtil.release(msg);
        rejected.accept(type);
        byte[] body = type == ProblemType.URI_TOO_LONG ? uriTooLong
                : type == ProblemType.HEADER_TOO_LARGE ? headerTooLarge : invalidRequest;
        FullHttpResponse problem = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(type.status()), Unpooled.wrappedBuffer(body));
        problem.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, SessionApi.PROBLEM_MEDIA_TYPE)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ChannelPromise written = promise.unvoid();
        ctx.write(problem, written);
        written.addListener(ChannelFutureListener.CLOSE);
    }

    private static @Nullable ProblemType refusal(FullHttpResponse response) {
        ProblemType type = switch (response.status().code()) {
            case 400 -> ProblemType.INVALID_REQUEST;
            case 414 -> ProblemType.URI_TOO_LONG;
            case 431 -> ProblemType.HEADER_TOO_LARGE;
            default -> null;
        };
        return type != null && !response.content().isReadable()
                && !response.headers().contains(HttpHeaderNames.CONTENT_TYPE) ? type : null;
    }

    private static byte[] body(ProblemDocuments problems, ProblemType type, String detail) {
        return problems.document(type, detail, null, Map.of());
    }
}
