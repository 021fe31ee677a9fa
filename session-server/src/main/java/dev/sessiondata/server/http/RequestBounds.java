package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.netty.NettyPipeline;
import reactor.netty.channel.AbortedException;
import reactor.netty.channel.ChannelOperations;

/**
 * The bounds of one HTTP/1.1 connection's requests, in one handler after the HTTP codec (and a second one before it
 * that only sees the first bytes of a request arrive): every decoded message and every answer crosses each handler of
 * a connection, so the bounds share one rather than taking one each.
 * <ul>
 * <li><b>Header timeout.</b> A request's header section must arrive within {@link ConnectionProperties#headerTimeout()},
 * counted from the connection's opening for its first request and from the first byte for each later one. The idle
 * timeout only sees a connection that sends nothing; one that sends a header line now and then keeps it from firing,
 * and its request never reaches the body timeout either. A connection that sends nothing at all would hold its place
 * under the connection bounds for the whole idle timeout, while a client that means to send a request sends it at
 * once.</li>
 * <li><b>Body timeout.</b> A request's body must arrive within {@link ConnectionProperties#bodyTimeout()} of the end of
 * its header section. The request's handler sees its body fail as a client that left ({@code AbortedException}), so
 * the request ends, releases its write admission and is logged at DEBUG only; Reactor Netty's own request timeout
 * fails the body with an exception the API answers as an unexpected failure, logged with its stack for each
 * connection cut.</li>
 * <li><b>Minimum body rate.</b> After {@link ConnectionProperties#bodyRateGrace()}, a body must keep arriving at
 * {@link ConnectionProperties#minBodyRate()}, or it is cut as the body timeout cuts it. A write holds its declared
 * length of the write admission from before its body is read: the body timeout alone let bodies sent a byte at a time
 * hold all of it for the whole timeout, and every other client's writes were refused meanwhile. Each byte that
 * arrives moves the body's deadline a byte's time at the rate later, so one clock per connection checks it as the
 * other bounds are checked. A request that expects {@code 100 Continue} sends nothing before the server asks for the
 * body; its clock starts when the {@code 100 Continue} is written. A rate over the whole body is the rule, not a
 * timeout between reads (nginx's {@code client_body_timeout}): a byte before each such timeout keeps a body
 * going for as long as its sender likes.</li>
 * <li><b>Unanswered requests.</b> A connection with more requests waiting for their answers than
 * {@link ConnectionProperties#maxPipelinedRequests()} is closed. Reactor Netty queues a pipelined request without
 * bound until the answers before it are written; a client that sends requests and never reads the answers would have
 * the server hold them all, and their answers. A request counts as answered once the end of its answer has gone to
 * the socket, so answers the client does not read keep their requests counted.</li>
 * <li><b>Idle timeout.</b> A connection that waits for its next request (or its first) longer than
 * {@link ConnectionProperties#idleTimeout()} is closed. Reactor Netty's own idle timeout adds a handler to the
 * pipeline after each answer and removes it at each request; a {@link Deadline} costs two field writes. A connection
 * with a request in progress, a long-lived answer such as the change feed among them, is not idle.</li>
 * <li><b>Body framing.</b> A request body Netty cannot parse (a chunk size that is no number, a chunk line longer
 * than the request-line limit) becomes a failure of the body the request's handler reads: an
 * {@link ApiProblemException} of {@link ProblemType#INVALID_REQUEST}, answered as any other refusal, and the
 * connection closed after that answer. Left to Reactor Netty, such a body got an empty answer of its own while the
 * handler still ran: the handler's answer then failed and was logged as an error with its stack, once per request a
 * client can send at will; and a chunk line too long got {@code 414}, the status of a request line too long. Logged
 * at DEBUG, once per connection (the decoder reads nothing more from it).</li>
 * </ul>
 * Used on the connection's event loop only.
 */
final class RequestBounds extends ChannelDuplexHandler {

    static final String BEFORE_CODEC = "sessiondata.requestStart";
    static final String AFTER_CODEC = "sessiondata.requestBounds";
    private static final Logger LOG = LoggerFactory.getLogger(RequestBounds.class);

    /** What the connection is closed for: each counted by its caller. */
    interface Closures {
        void headerTimeout();

        void bodyTimeout();

        void slowBody();

        void pipelinedExceeded();

        void idle();
    }

    private final ConnectionProperties properties;
    private final Closures closures;
    private @Nullable Runnable spoke;
    private final long nanosPerByteAtMinRate;
    private boolean awaitingHead = true;
    private boolean headTimedOut;
    private boolean closing;
    private boolean closeAfterAnswer;
    private boolean awaitingContinue;
    private int unanswered;
    private @Nullable Deadline head;
    private @Nullable Deadline body;
    private @Nullable Deadline rate;
    private @Nullable Deadline idle;
    private final ChannelFutureListener answered = future -> answered();
    private @Nullable ChannelHandlerContext context;

    private RequestBounds(ConnectionProperties properties, Closures closures, Runnable spoke) {
        this.properties = properties;
        this.closures = closures;
        this.spoke = spoke;
        this.nanosPerByteAtMinRate = Math.max(1, TimeUnit.SECONDS.toNanos(1) / properties.minBodyRate().toBytes());
    }

    /**
     * Installs the bounds on a connection whose pipeline has Reactor Netty's HTTP/1.1 codec; {@code spoke} is run at
     * the connection's first bytes.
     */
    static void install(ChannelPipeline pipeline, ConnectionProperties properties, Closures closures, Runnable spoke) {
        RequestBounds bounds = new RequestBounds(properties, closures, spoke);
        pipeline.addBefore(NettyPipeline.HttpCodec, BEFORE_CODEC, bounds.new FirstBytes());
        pipeline.addAfter(NettyPipeline.HttpCodec, AFTER_CODEC, bounds);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        context = ctx;
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
        cancel(head);
        cancel(body);
        cancel(rate);
        cancel(idle);
        ctx.fireChannelInactive();
    }

    private static void cancel(@Nullable Deadline deadline) {
        if (deadline != null) {
            deadline.cancel();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest request) {
            if (!(msg instanceof LastHttpContent)) {
                body(ctx).start();
                awaitingContinue = HttpUtil.is100ContinueExpected(request);
                if (!awaitingContinue) {
                    rate(ctx).start();
                }
            }
        } else if (msg instanceof LastHttpContent && body != null) {
            body.stop();
            stop(rate);
            awaitingContinue = false;
        } else if (msg instanceof HttpContent content && rate != null) {
            rate.extend(content.content().readableBytes() * nanosPerByteAtMinRate);
        }
        if (headTimedOut) {
            // the decoder's report of the head cut short by the close: nothing to answer, nothing to log
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpContent content && !(msg instanceof HttpRequest) && content.decoderResult().isFailure()
                && ChannelOperations.get(ctx.channel()) != null) {
            refuseBody(ctx, content);
            return;
        }
        if (msg instanceof HttpRequest) {
            if (!closing) {
                idle(ctx).stop();
            }
            if (closing || ++unanswered > properties.maxPipelinedRequests()) {
                closeForPipelining(ctx, msg);
                return;
            }
            if (head != null) {
                head.stop();
            }
            awaitingHead = msg instanceof LastHttpContent;
        } else if (closing) {
            ReferenceCountUtil.release(msg);
            return;
        } else if (msg instanceof LastHttpContent) {
            awaitingHead = true;
        }
        ctx.fireChannelRead(msg);
    }

    private void refuseBody(ChannelHandlerContext ctx, HttpContent content) {
        Throwable cause = content.decoderResult().cause();
        ReferenceCountUtil.release(content);
        LOG.debug("Request body of {} not parsed, connection closed after the answer: {}",
                ctx.channel().remoteAddress(), cause.toString());
        closeAfterAnswer = true;
        RequestBodies.endWithFailure(ctx, new ApiProblemException(ProblemType.INVALID_REQUEST,
                "The request body's chunked framing is not well-formed HTTP/1.1."));
    }

    /** What is still decoded from the bytes already read belongs to the requests beyond the bound. */
    private void closeForPipelining(ChannelHandlerContext ctx, Object msg) {
        ReferenceCountUtil.release(msg);
        if (!closing) {
            closing = true;
            closures.pipelinedExceeded();
            ctx.close();
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (awaitingContinue && msg instanceof HttpResponse response
                && response.status().code() == HttpResponseStatus.CONTINUE.code()) {
            awaitingContinue = false;
            rate(ctx).start();
        }
        if (closeAfterAnswer && msg instanceof HttpResponse response) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        if (!(msg instanceof LastHttpContent)
                || msg instanceof HttpResponse response && response.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
            ctx.write(msg, promise);
            return;
        }
        ChannelPromise written = promise.unvoid();
        written.addListener(closeAfterAnswer ? ChannelFutureListener.CLOSE : answered);
        ctx.write(msg, written);
    }

    private void answered() {
        ChannelHandlerContext ctx = context;
        unanswered = Math.max(0, unanswered - 1);
        if (ctx != null && unanswered == 0 && !closing && ctx.channel().isActive()) {
            idle(ctx).start();
        }
    }

    private Deadline head(ChannelHandlerContext ctx) {
        if (head == null) {
            head = new Deadline(properties.headerTimeout().toNanos(), ctx.executor(), () -> {
                headTimedOut = true;
                closures.headerTimeout();
                ctx.close();
            });
        }
        return head;
    }

    private Deadline body(ChannelHandlerContext ctx) {
        if (body == null) {
            body = new Deadline(properties.bodyTimeout().toNanos(), ctx.executor(), () -> {
                closures.bodyTimeout();
                cutBody(ctx, "The request body did not arrive within the body timeout");
            });
        }
        return body;
    }

    private Deadline rate(ChannelHandlerContext ctx) {
        if (rate == null) {
            rate = new Deadline(properties.bodyRateGrace().toNanos(), ctx.executor(), () -> {
                closures.slowBody();
                cutBody(ctx, "The request body arrived slower than the minimum body rate");
            });
        }
        return rate;
    }

    /**
     * Closes the connection, then ends the body's request as a client that left; the other body bound ends too. In
     * this order the request has no answer: a handler whose client left ends without one, and Reactor Netty completes
     * such a request with an empty {@code 200} while its connection is open, which told the client of a write that
     * was never made that it was.
     */
    private void cutBody(ChannelHandlerContext ctx, String why) {
        stop(body);
        stop(rate);
        awaitingContinue = false;
        ctx.close();
        RequestBodies.endWithFailure(ctx, bodyCut(why));
    }

    private static void stop(@Nullable Deadline deadline) {
        if (deadline != null) {
            deadline.stop();
        }
    }

    private Deadline idle(ChannelHandlerContext ctx) {
        if (idle == null) {
            idle = new Deadline(properties.idleTimeout().toNanos(), ctx.executor(), () -> {
                closures.idle();
                ctx.close();
            });
        }
        return idle;
    }

    /** Without a stack trace: where the timer fired says nothing, and a log must not repeat it per connection cut. */
    private static AbortedException bodyCut(String why) {
        AbortedException cut = new AbortedException(why);
        cut.setStackTrace(new StackTraceElement[0]);
        return cut;
    }

    /** Before the HTTP codec: starts the header clock when a request's first bytes arrive. */
    private final class FirstBytes extends ChannelInboundHandlerAdapter {

        /** The connection is open (installed while it is initialised): the clock of its first request starts. */
        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            start(ctx);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (awaitingHead && msg instanceof ByteBuf bytes && bytes.isReadable()) {
                start(ctx);
                if (spoke != null) {
                    spoke.run();
                    spoke = null;
                }
            }
            ctx.fireChannelRead(msg);
        }

        private void start(ChannelHandlerContext ctx) {
            if (awaitingHead) {
                Deadline clock = head(ctx);
                if (!clock.isRunning()) {
                    clock.start();
                }
            }
        }
    }
}
