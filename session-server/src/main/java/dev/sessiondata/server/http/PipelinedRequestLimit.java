package dev.sessiondata.server.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Closes a connection that has more requests waiting for their answers than the bound. Reactor Netty queues a
 * pipelined request without bound until the answers before it are written; a client that sends requests and never
 * reads the answers would have the server hold them all, and their answers. A request counts as answered once the
 * end of its answer has gone to the socket, so answers the client does not read keep their requests counted. Sits
 * after the HTTP codec of one connection.
 */
final class PipelinedRequestLimit extends ChannelDuplexHandler {

    static final String NAME = "sessiondata.pipelinedRequestLimit";

    private final int max;
    private final Runnable onExceeded;
    private int unanswered;
    private boolean closing;

    PipelinedRequestLimit(int max, Runnable onExceeded) {
        this.max = max;
        this.onExceeded = onExceeded;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (closing || msg instanceof HttpRequest && ++unanswered > max) {
            // what is still decoded from the bytes already read belongs to the requests beyond the bound
            ReferenceCountUtil.release(msg);
            if (!closing) {
                closing = true;
                onExceeded.run();
                ctx.close();
            }
            return;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        boolean interim = msg instanceof HttpResponse response
                && response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
        if (msg instanceof LastHttpContent && !interim) {
            ChannelPromise written = promise.unvoid();
            written.addListener(done -> unanswered = Math.max(0, unanswered - 1));
            ctx.write(msg, written);
            return;
        }
        ctx.write(msg, promise);
    }
}
