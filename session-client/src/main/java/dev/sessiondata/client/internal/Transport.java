package dev.sessiondata.client.internal;

import dev.sessiondata.client.SessionTransportException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Sends every request of a client through one chain of {@link Interceptor}s, in the order given, and then through
 * an exchange with the base URI and the request timeout. Nothing here knows what a session or a serializer is: each
 * concern is one interceptor.
 *
 * <p>Two paths share the chain. {@link #send} ends in the blocking {@link Exchange}, which answers on the caller's
 * thread, so every stage of the chain is complete when it is handed on and nothing changes threads.
 * {@link #sendAsync} ends in {@link HttpClientExchange#exchangeAsync}: no thread waits for the answer, and the
 * chain's stages complete on the thread the answer arrives on (the {@link java.net.http.HttpClient}'s executor).
 */
public final class Transport implements AutoCloseable {

    /**
     * The executor of the client's own {@link java.net.http.HttpClient} (for {@code https}): what the client hands
     * to it runs at once, on the thread that hands it over. {@code HttpClient.send} already runs a request's work on
     * its caller until the answer is awaited; only the work the selector thread starts (parsing the answer,
     * {@link BoundedBody}, completing the caller's future) goes to the executor, and the default one, a thread pool,
     * would add a hand-off to a pool thread for every answer (docs/spring-session/README.md, "The client's
     * transport"). Nothing run there blocks or waits. Not for the non-blocking path, whose callers' stages run
     * where the answer completes.
     */
    public static final Executor CALLER_RUNS = Runnable::run;

    private final List<Interceptor> interceptors;
    private final Exchange exchange;
    private final Supplier<HttpClientExchange> nonBlockingFactory;
    private final String base;
    private final Duration requestTimeout;
    private final Object nonBlockingLock = new Object();
    private volatile @Nullable HttpClientExchange nonBlocking;
    private volatile boolean closed;

    /** A transport whose non-blocking path sends through {@code exchange} if it can, else is refused. */
    public Transport(List<Interceptor> interceptors, Exchange exchange, URI baseUri, Duration requestTimeout) {
        this(interceptors, exchange, () -> {
            if (exchange instanceof HttpClientExchange http) {
                return http;
            }
            throw new IllegalStateException("this transport has no non-blocking exchange");
        }, baseUri, requestTimeout);
    }

    /**
     * @param nonBlocking makes the exchange of {@link #sendAsync}, on its first use; it may be {@code exchange}
     */
    public Transport(List<Interceptor> interceptors, Exchange exchange, Supplier<HttpClientExchange> nonBlocking,
                     URI baseUri, Duration requestTimeout) {
        this.interceptors = List.copyOf(interceptors);
        this.exchange = exchange;
        this.nonBlockingFactory = nonBlocking;
        String uri = baseUri.toString();
        this.base = uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
        this.requestTimeout = requestTimeout;
    }

    /**
     * Sends a request through the chain and returns any answer the service gave, error statuses included.
     *
     * @throws SessionTransportException when there was no answer
     * @throws IllegalStateException if the client was closed
     */
    public ApiResponse send(ApiRequest request) {
        requireOpen();
        CompletableFuture<ApiResponse> answer = new Link(0, request, this::call).proceed(request).toCompletableFuture();
        try {
            return answer.join();
        } catch (CompletionException e) {
            throw unwrapped(e);
        }
    }

    /**
     * Sends a request through the chain without blocking: the stage completes with any answer the service gave, or
     * exceptionally with a {@link SessionTransportException} when there was none, or with what a link threw.
     *
     * @throws IllegalStateException if the client was closed
     */
    public CompletableFuture<ApiResponse> sendAsync(ApiRequest request) {
        requireOpen();
        HttpClientExchange http = nonBlocking();
        return new Link(0, request, next -> callAsync(http, next)).proceed(request).toCompletableFuture();
    }

    /** Releases what the exchanges own; later requests are refused. */
    @Override
    public void close() {
        closed = true;
        exchange.close();
        HttpClientExchange http = nonBlocking;
        if (http != null && http != exchange) {
            http.close();
        }
    }

    /** The failure inside a completion wrapper, to throw on the caller's thread. */
    public static RuntimeException unwrapped(CompletionException wrapped) {
        Throwable cause = wrapped.getCause();
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return wrapped;
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("this session client was closed");
        }
    }

    private HttpClientExchange nonBlocking() {
        HttpClientExchange http = nonBlocking;
        if (http == null) {
            synchronized (nonBlockingLock) {
                http = nonBlocking;
                if (http == null) {
                    http = nonBlockingFactory.get();
                    nonBlocking = http;
                }
            }
        }
        return http;
    }

    private CompletionStage<ApiResponse> call(ApiRequest request) {
        URI uri = uriOf(request);
        String description = describe(request, uri);
        try {
            Exchange.Answer answer = exchange.exchange(uri, request, requestTimeout);
            return CompletableFuture.completedFuture(responseOf(description, answer));
        } catch (IOException e) {
            return CompletableFuture.failedFuture(new SessionTransportException(description + " failed", e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException("interrupted while waiting for the answer");
            interrupted.initCause(e);
            return CompletableFuture.failedFuture(new SessionTransportException(description + " was interrupted",
                    interrupted));
        }
    }

    private CompletionStage<ApiResponse> callAsync(HttpClientExchange http, ApiRequest request) {
        URI uri = uriOf(request);
        String description = describe(request, uri);
        return http.exchangeAsync(uri, request, requestTimeout).handle((answer, failure) -> {
            if (failure == null) {
                return responseOf(description, answer);
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            IOException io = cause instanceof IOException e ? e : new IOException(cause);
            throw new SessionTransportException(description + " failed", io);
        });
    }

    private URI uriOf(ApiRequest request) {
        return URI.create(base + request.path());
    }

    private static String describe(ApiRequest request, URI uri) {
        return request.method() + " " + uri.getRawPath();
    }

    private static ApiResponse responseOf(String description, Exchange.Answer answer) {
        return new ApiResponse(description, answer.status(), answer.headers(), answer.body());
    }

    /** The chain from one interceptor on; past the last, the exchange. */
    private final class Link implements Interceptor.Chain {

        private final int index;
        private final ApiRequest request;
        private final Function<ApiRequest, CompletionStage<ApiResponse>> exchange;

        Link(int index, ApiRequest request, Function<ApiRequest, CompletionStage<ApiResponse>> exchange) {
            this.index = index;
            this.request = request;
            this.exchange = exchange;
        }

        @Override
        public ApiRequest request() {
            return request;
        }

        @Override
        public CompletionStage<ApiResponse> proceed(ApiRequest next) {
            try {
                if (index == interceptors.size()) {
                    return exchange.apply(next);
                }
                return interceptors.get(index).intercept(new Link(index + 1, next, exchange));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
    }
}
