package dev.sessiondata.server.http;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Counts the requests of one connection that wait for their answers, and bounds the connection by them:
 * <ul>
 * <li>closes a connection with more requests waiting than the pipelining bound. Reactor Netty queues a pipelined
 * request without bound until the answers before it are written; a client that sends requests and never reads the
 * answers would have the server hold them all, and their answers. A request counts as answered once the end of its
 * answer has gone to the socket, so answers the client does not read keep their requests counted.</li>
 * <li>closes a connection that waits for its next request (or its first) longer than the idle timeout. Reactor
 * Netty's own idle timeout adds a handler to the connection's pipeline after each answer and removes it at each
 * request, which cost the event loop about a twentieth of a small GET's time; a {@link Deadline} costs two field
 * writes. A connection with a request in progress, a long-lived answer such as the change feed among them, is not
 * idle.</li>
 * </ul>
 * Sits after the HTTP codec of one connection.
 */
final class UnansweredRequests extends ChannelDuplexHandler {

    static final String NAME = "sessiondata.unansweredRequests";

    private final int maxPipelined;
    private final long idleTimeoutNanos;
    private final Runnable onPipelinedExceeded;
    private final Runnable onIdle;
    private int unanswered;
    private boolean closing;
    private @Nullable Deadline idle;

    UnansweredRequests(int maxPipelined, Duration idleTimeout, Runnable onPipelinedExceeded, Runnable onIdle) {
        this.maxPipelined = maxPipelined;
        this.idleTimeoutNanos = idleTimeout.toNanos();
        this.onPipelinedExceeded = onPipelinedExceeded;
        this.onIdle = onIdle;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            idle(ctx).start();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        idle(ctx).start();
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (idle != null) {
            idle.cancel();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest && !closing) {
            idle(ctx).stop();
        }
        if (closing || msg instanceof HttpRequest && ++unanswered > maxPipelined) {
            // what is still decoded from the bytes already read belongs to the requests beyond the bound
            ReferenceCountUtil.release(msg);
            if (!closing) {
                closing = true;
                onPipelinedExceeded.run();
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
            written.addListener(done -> answered(ctx));
            ctx.write(msg, written);
            return;
        }
        ctx.write(msg, promise);
    }

    private void answered(ChannelHandlerContext ctx) {
        unanswered = Math.max(0, unanswered - 1);
        if (unanswered == 0 && !closing && ctx.channel().isActive()) {
            idle(ctx).start();
        }
    }

    private Deadline idle(ChannelHandlerContext ctx) {
        if (idle == null) {
            idle = new Deadline(idleTimeoutNanos, ctx.executor(), () -> {
                onIdle.run();
                ctx.close();
            });
        }
        return idle;
    }
}
