package dev.sessiondata.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;

/**
 * What a handler answers: a status, headers, and either a body of bytes known in full (sent with its
 * {@code Content-Length}, left out for {@code HEAD}), a stream of buffers (sent chunked and flushed as each comes,
 * as long as the stream lasts: what a server-sent event feed answers, with the connection's backpressure) or no
 * body. Built by its handler, then not changed: a layer that adds to it makes a new one.
 */
public final class Reply {

    private final int status;
    private final HttpHeaders headers;
    private final byte @Nullable [] body;
    private final @Nullable Publisher<ByteBuf> stream;

    private Reply(int status, HttpHeaders headers, byte @Nullable [] body, @Nullable Publisher<ByteBuf> stream) {
        this.status = status;
        this.headers = headers;
        this.body = body;
        this.stream = stream;
    }

    /** A reply of {@code status} without a body, to which a handler adds its headers. */
    public static Builder status(int status) {
        return new Builder(status);
    }

    public int status() {
        return status;
    }

    public HttpHeaders headers() {
        return headers;
    }

    public byte @Nullable [] body() {
        return body;
    }

    public @Nullable Publisher<ByteBuf> stream() {
        return stream;
    }

    /** The bytes of the body in full; 0 for none or a stream. */
    public int length() {
        return body == null ? 0 : body.length;
    }

    private static final DefaultHttpHeadersFactory UNVALIDATED = DefaultHttpHeadersFactory.headersFactory()
            .withNameValidation(false).withValueValidation(false);

    /** Builds one reply. */
    public static final class Builder {

        private final int status;
        /** Not validated here: the pipeline copies them into the answer's headers, which validate each value. */
        private final HttpHeaders headers = UNVALIDATED.newHeaders();

        private Builder(int status) {
            this.status = status;
        }

        public Builder header(CharSequence name, Object value) {
            headers.set(name, value);
            return this;
        }

        public Reply body(byte[] body) {
            return new Reply(status, headers, body, null);
        }

        public Reply stream(Publisher<ByteBuf> stream) {
            return new Reply(status, headers, null, stream);
        }

        public Reply build() {
            return new Reply(status, headers, null, null);
        }
    }
}
