package dev.sessiondata.server.http;

import dev.sessiondata.api.ProblemType;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import java.util.Arrays;
import java.util.Map;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerRequest;

/**
 * Reads request bodies without trusting them: a declared {@code Content-Length} over the limit is refused before a
 * byte is read (and before {@code 100 Continue} is sent: Reactor Netty sends it when the body is first asked for),
 * a body of declared length is copied chunk by chunk into one array of that size, and a body without one (chunked)
 * is read only up to the limit. Each network buffer is released as soon as it is copied, so a body costs the heap
 * its own size once.
 */
final class RequestBodies {

    private static final int FIRST_CHUNKED_CAPACITY = 16 * 1024;
    private static final AttributeKey<RuntimeException> FAILURE = AttributeKey.valueOf("sessiondata.bodyFailure");

    private RequestBodies() {
    }

    /** The whole body, at most {@code maxBytes}; a {@code 413} problem otherwise. */
    static Mono<byte[]> read(HttpServerRequest request, long declared, long maxBytes) {
        int limit = Math.toIntExact(maxBytes);
        if (declared > limit) {
            return Mono.error(tooLarge(limit));
        }
        // each buffer is released by Reactor Netty once passed on
        return Mono.defer(() -> {
            Body body = new Body(declared, limit);
            return request.receive()
                    .doOnNext(buffer -> body.append(buffer.readableBytes(), buffer::readBytes))
                    .then(Mono.fromSupplier(() -> {
                        if (request instanceof Connection connection) {
                            RuntimeException failure = connection.channel().attr(FAILURE).getAndSet(null);
                            if (failure != null) {
                                throw failure;
                            }
                        }
                        return body.bytes();
                    }));
        });
    }

    /**
     * Ends the body of the request on {@code ctx}'s connection (an empty last chunk) so that its reader fails with
     * {@code failure} once the body has ended, for a handler in front of Reactor Netty that cuts a body (its framing
     * broken, its time up). An error fired into Reactor Netty's inbound instead reaches the body's reader a second
     * time when the answer completes or the connection closes (Reactor Netty 1.3), and that second signal is logged
     * as a dropped error, at ERROR, once per request a client can cut at will.
     */
    static void endWithFailure(ChannelHandlerContext ctx, RuntimeException failure) {
        ctx.channel().attr(FAILURE).set(failure);
        ctx.fireChannelRead(LastHttpContent.EMPTY_LAST_CONTENT);
    }

    private static ApiProblemException tooLarge(int limit) {
        return new ApiProblemException(ProblemType.PAYLOAD_TOO_LARGE,
                "The body is larger than the limit of " + limit + " bytes.", Map.of("maxBytes", limit));
    }

    /**
     * The bytes of one body as they arrive, whatever buffers they arrive in (Spring's or Netty's): the copy of each
     * into the one array is the only one a body costs.
     */
    static final class Body {

        private final long declared;
        private final int limit;
        private byte[] bytes;
        private int size;

        Body(long declared, int limit) {
            this.declared = declared;
            this.limit = limit;
            // the length is known: one array of exactly that size, filled in place (no growing and copying)
            this.bytes = new byte[declared >= 0 ? (int) declared : Math.min(limit, FIRST_CHUNKED_CAPACITY)];
        }

        /** Appends the {@code readable} bytes {@code chunk} copies. */
        void append(int readable, Chunk chunk) {
            if ((long) size + readable > limit) {
                throw tooLarge(limit);
            }
            if (size + readable > bytes.length) {
                if (declared >= 0) {
                    throw new ApiProblemException(ProblemType.INVALID_REQUEST,
                            "The body is longer than the " + declared + " bytes its Content-Length declares.");
                }
                bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max((long) bytes.length * 2, size + readable)));
            }
            chunk.copyTo(bytes, size, readable);
            size += readable;
        }

        /** The whole body; an {@code invalid-request} problem when it is not as long as it was declared. */
        byte[] bytes() {
            if (declared >= 0 && size != declared) {
                throw new ApiProblemException(ProblemType.INVALID_REQUEST,
                        "The body does not have the " + declared + " bytes its Content-Length declares.");
            }
            return size == bytes.length ? bytes : Arrays.copyOf(bytes, size);
        }
    }

    /** Copies a buffer's readable bytes into {@code target} from {@code offset}, consuming them. */
    @FunctionalInterface
    interface Chunk {
        void copyTo(byte[] target, int offset, int length);
    }
}
