package dev.sessiondata.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import reactor.netty.NettyPipeline;

/**
 * Closes a connection whose request header section takes longer than the bound to arrive, counted from the
 * connection's opening for its first request and from the first byte for each later one. The idle timeout only sees
 * a connection that sends nothing; one that sends a header line now and then keeps it from firing, and its request
 * never reaches the body timeout either. And a connection that sends nothing at all would hold its place under the
 * connection bounds for the whole idle timeout (a minute by default), while a client that means to send a request
 * sends it at once.
 *
 * <p>Two handlers share the state of one connection: one before the HTTP codec sees the first bytes of a request
 * arrive and starts the clock, one after it sees the decoded request head and stops it. The end of a request's body
 * makes the next bytes the head of the next request.
 */
final class RequestHeadTimeout {

    static final String BEFORE_CODEC = "sessiondata.requestHeadStart";
    static final String AFTER_CODEC = "sessiondata.requestHeadEnd";

    private final long timeoutNanos;
    private final Runnable onTimeout;
    private boolean awaitingHead = true;
    private boolean timedOut;
    private @Nullable Deadline deadline;

    private RequestHeadTimeout(Duration timeout, Runnable onTimeout) {
        this.timeoutNanos = timeout.toNanos();
        this.onTimeout = onTimeout;
    }

    /** Installs the timeout on a connection whose pipeline has Reactor Netty's HTTP/1.1 codec. */
    static void install(ChannelPipeline pipeline, Duration timeout, Runnable onTimeout) {
        RequestHeadTimeout state = new RequestHeadTimeout(timeout, onTimeout);
        pipeline.addBefore(NettyPipeline.HttpCodec, BEFORE_CODEC, state.new FirstBytes());
        pipeline.addAfter(NettyPipeline.HttpCodec, AFTER_CODEC, state.new DecodedHead());
    }

    private Deadline deadline(ChannelHandlerContext ctx) {
        if (deadline == null) {
            deadline = new Deadline(timeoutNanos, ctx.executor(), () -> {
                timedOut = true;
                onTimeout.run();
                ctx.close();
            });
        }
        return deadline;
    }

    private void stop() {
        if (deadline != null) {
            deadline.stop();
        }
    }

    private final class FirstBytes extends ChannelInboundHandlerAdapter {

        /** The connection is open (installed while it is initialised): the clock of its first request starts. */
        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            start(ctx);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf bytes && bytes.isReadable()) {
                start(ctx);
            }
            ctx.fireChannelRead(msg);
        }

        private void start(ChannelHandlerContext ctx) {
            if (awaitingHead) {
                Deadline clock = deadline(ctx);
                if (!clock.isRunning()) {
                    clock.start();
                }
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (deadline != null) {
                deadline.cancel();
            }
            ctx.fireChannelInactive();
        }
    }

    private final class DecodedHead extends ChannelInboundHandlerAdapter {

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (timedOut) {
                // the decoder's report of the head cut short by the close: nothing to answer, nothing to log
                ReferenceCountUtil.release(msg);
                return;
            }
            if (msg instanceof HttpRequest) {
                stop();
                awaitingHead = msg instanceof LastHttpContent;
            } else if (msg instanceof LastHttpContent) {
                awaitingHead = true;
            }
            ctx.fireChannelRead(msg);
        }
    }
}
