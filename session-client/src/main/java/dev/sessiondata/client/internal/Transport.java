package dev.sessiondata.client.internal;

import dev.sessiondata.client.SessionTransportException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * Sends every request of a client through one chain of {@link Interceptor}s, in the order given, and then through
 * its {@link Exchange} with the base URI and the request timeout. Nothing here knows what a session or a serializer
 * is: each concern is one interceptor.
 */
public final class Transport implements AutoCloseable {

    /**
     * The executor of the client's own {@link java.net.http.HttpClient} (for {@code https}): what the client hands
     * to it runs at once, on the thread that hands it over. {@code HttpClient.send} already runs a request's work on
     * its caller until the answer is awaited; only the work the selector thread starts (parsing the answer,
     * {@link BoundedBody}, completing the caller's future) goes to the executor, and the default one, a thread pool,
     * would add a hand-off to a pool thread for every answer (docs/spring-session/README.md, "The client's
     * transport"). Nothing run there blocks or waits.
     */
    public static final Executor CALLER_RUNS = Runnable::run;

    private final List<Interceptor> interceptors;
    private final Exchange exchange;
    private final String base;
    private final Duration requestTimeout;
    private volatile boolean closed;

    public Transport(List<Interceptor> interceptors, Exchange exchange, URI baseUri, Duration requestTimeout) {
        this.interceptors = List.copyOf(interceptors);
        this.exchange = exchange;
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
        if (closed) {
            throw new IllegalStateException("this session client was closed");
        }
        return new Link(0, request).proceed(request);
    }

    /** Releases what the exchange and the interceptors own; later requests are refused. */
    @Override
    public void close() {
        closed = true;
        for (Interceptor interceptor : interceptors) {
            if (interceptor instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    ClientLog.LOG.debug("Closing an interceptor failed", e);
                }
            }
        }
        exchange.close();
    }

    private ApiResponse call(ApiRequest request) {
        URI uri = URI.create(base + request.path());
        String description = request.method() + " " + uri.getRawPath();
        Exchange.Answer answer;
        try {
            answer = exchange.exchange(uri, request, requestTimeout);
        } catch (IOException e) {
            throw new SessionTransportException(description + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException("interrupted while waiting for the answer");
            interrupted.initCause(e);
            throw new SessionTransportException(description + " was interrupted", interrupted);
        }
        return new ApiResponse(description, answer.status(), answer.headers(), answer.body());
    }

    /** The chain from one interceptor on; past the last, the exchange. */
    private final class Link implements Interceptor.Chain {

        private final int index;
        private final ApiRequest request;

        Link(int index, ApiRequest request) {
            this.index = index;
            this.request = request;
        }

        @Override
        public ApiRequest request() {
            return request;
        }

        @Override
        public ApiResponse proceed(ApiRequest next) {
            if (index == interceptors.size()) {
                return call(next);
            }
            return interceptors.get(index).intercept(new Link(index + 1, next));
        }
    }
}
