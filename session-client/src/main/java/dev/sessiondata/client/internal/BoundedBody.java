package dev.sessiondata.client.internal;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body up to a limit and fails the request with an {@link IOException} beyond it, so that a
 * misbehaving server or a proxy cannot make the client buffer without bound.
 */
public final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {

    /** Enough for any problem document or serializer listing. */
    public static final int ERROR_BODY_LIMIT = 64 * 1024;

    private final int limit;
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private final List<ByteBuffer> received = new ArrayList<>();
    private long size;
    private Flow.@org.jspecify.annotations.Nullable Subscription subscription;

    private BoundedBody(int limit) {
        this.limit = limit;
    }

    /** Takes a successful answer's body up to {@code limit} bytes, and an error's up to {@link #ERROR_BODY_LIMIT}. */
    static HttpResponse.BodyHandler<byte[]> handler(int limit) {
        return info -> new BoundedBody(info.statusCode() < 300 ? limit : Math.min(limit, ERROR_BODY_LIMIT));
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (body.isDone()) {
            return;
        }
        for (ByteBuffer buffer : buffers) {
            size += buffer.remaining();
            received.add(buffer);
        }
        if (size > limit) {
            received.clear();
            if (subscription != null) {
                subscription.cancel();
            }
            body.completeExceptionally(new IOException("response body exceeds the limit of " + limit + " bytes"));
        }
    }

    @Override
    public void onError(Throwable failure) {
        received.clear();
        body.completeExceptionally(failure);
    }

    @Override
    public void onComplete() {
        if (body.isDone()) {
            return;
        }
        byte[] bytes = new byte[(int) size];
        int offset = 0;
        for (ByteBuffer buffer : received) {
            int length = buffer.remaining();
            buffer.get(bytes, offset, length);
            offset += length;
        }
        received.clear();
        body.complete(bytes);
    }
}
