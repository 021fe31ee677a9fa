package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.netty.channel.ChannelOperations;

/**
 * Turns a request body Netty cannot parse (a chunk size that is no number, a chunk line longer than the request-line
 * limit) into a failure of the body the request's handler reads: an {@link ApiProblemException} of
 * {@link ProblemType#INVALID_REQUEST}, answered as any other refusal, and the connection closed after that answer.
 *
 * <p>Left to Reactor Netty, such a body got an empty answer of its own while the request's handler still ran: the
 * handler's answer then failed ("status and headers already sent") and was logged as an error with its stack, once
 * per request a client can send at will; and a chunk line too long got {@code 414}, the status of a request line too
 * long. The body is ended with the failure ({@link RequestBodies#endWithFailure}). The failure is logged here at
 * DEBUG, once per connection (the decoder reads nothing more from it).
 */
final class BodyFramingFailures extends ChannelDuplexHandler {

    static final String NAME = "sessiondata.bodyFramingFailures";
    private static final Logger LOG = LoggerFactory.getLogger(BodyFramingFailures.class);

    private boolean closeAfterAnswer;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpContent content && !(msg instanceof HttpRequest) && content.decoderResult().isFailure()
                && ChannelOperations.get(ctx.channel()) != null) {
            Throwable cause = content.decoderResult().cause();
            ReferenceCountUtil.release(msg);
            LOG.debug("Request body of {} not parsed, connection closed after the answer: {}",
                    ctx.channel().remoteAddress(), cause.toString());
            closeAfterAnswer = true;
            RequestBodies.endWithFailure(ctx, new ApiProblemException(ProblemType.INVALID_REQUEST,
                    "The request body's chunked framing is not well-formed HTTP/1.1."));
            return;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!closeAfterAnswer) {
            ctx.write(msg, promise);
            return;
        }
        if (msg instanceof HttpResponse response) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        if (msg instanceof LastHttpContent) {
            ChannelPromise written = promise.unvoid();
            written.addListener(ChannelFutureListener.CLOSE);
            ctx.write(msg, written);
            return;
        }
        ctx.write(msg, promise);
    }
}
