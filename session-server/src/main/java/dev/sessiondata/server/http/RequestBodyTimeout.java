package dev.sessiondata.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import reactor.netty.channel.AbortedException;

/**
 * Closes a connection whose request body takes longer than the bound to arrive, counted from the end of the header
 * section. The request's handler sees its body fail as a client that left ({@link AbortedException}), so the request
 * ends, releases its write admission and is logged at DEBUG only; Reactor Netty's own request timeout fails the body
 * with an exception the API answers as an unexpected failure, logged with its stack for each connection cut.
 * Sits after the HTTP codec of one connection.
 */
final class RequestBodyTimeout extends ChannelInboundHandlerAdapter {

    static final String NAME = "sessiondata.requestBodyTimeout";

    private final long timeoutNanos;
    private final Runnable onTimeout;
    private @Nullable Deadline deadline;

    RequestBodyTimeout(Duration timeout, Runnable onTimeout) {
        this.timeoutNanos = timeout.toNanos();
        this.onTimeout = onTimeout;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest && !(msg instanceof LastHttpContent)) {
            deadline(ctx).start();
        } else if (msg instanceof LastHttpContent && deadline != null) {
            deadline.stop();
        }
        ctx.fireChannelRead(msg);
    }

    /** Without a stack trace: where the timer fired says nothing, and a log must not repeat it per connection cut. */
    private static AbortedException timedOut() {
        AbortedException timedOut = new AbortedException("The request body did not arrive within the body timeout");
        timedOut.setStackTrace(new StackTraceElement[0]);
        return timedOut;
    }

    private Deadline deadline(ChannelHandlerContext ctx) {
        if (deadline == null) {
            deadline = new Deadline(timeoutNanos, ctx.executor(), () -> {
                onTimeout.run();
                RequestBodies.endWithFailure(ctx, timedOut());
                ctx.close();
            });
        }
        return deadline;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (deadline != null) {
            deadline.cancel();
        }
        ctx.fireChannelInactive();
    }
}
