package dev.sessiondata.client;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.metrics.ClientMetrics;
import dev.sessiondata.client.metrics.Outcome;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Sends one request to the service: adds the base URI, the token and the timeout, bounds the body, times the request
 * per operation and outcome, and tells the client whenever an answer names the active serializer.
 */
final class ApiTransport {

    /**
     * The executor of the client's own {@link java.net.http.HttpClient} (for {@code https}): what the client hands
     * to it runs at once, on the thread that hands it over. {@code HttpClient.send} already runs a request's work on
     * its caller until the answer is awaited; only the work the selector thread starts (parsing the answer,
     * {@link BoundedBody}, completing the caller's future) goes to the executor. The default one, a thread pool,
     * adds a hand-off to a pool thread for every answer: 1.5 to 2.3 times the client's CPU and 1.7 to 3.2 times the
     * latency per 4 KB request of the direct one, side by side in one run (docs/spring-session/README.md, "The
     * client's transport"). Nothing run there blocks or waits.
     */
    static final Executor CALLER_RUNS = Runnable::run;

    private final Exchange exchange;
    private final String base;
    private final String authorization;
    private final Duration requestTimeout;
    private final ClientMetrics metrics;
    private final Consumer<String> activeSerializerListener;

    ApiTransport(Exchange exchange, URI baseUri, String token, Duration requestTimeout, ClientMetrics metrics,
                 Consumer<String> activeSerializerListener) {
        this.exchange = exchange;
        String uri = baseUri.toString();
        this.base = uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
        this.authorization = "Bearer " + token;
        this.requestTimeout = requestTimeout;
        this.metrics = metrics;
        this.activeSerializerListener = activeSerializerListener;
    }

    /**
     * Sends a request and returns any answer the service gave, error statuses included.
     *
     * @param bodyLimit the largest successful body accepted, in bytes
     * @throws SessionTransportException when there was no answer
     */
    ApiResponse send(String operation, ApiRequest request, int bodyLimit) {
        URI uri = URI.create(base + request.path());
        String description = request.method() + " " + uri.getRawPath();
        long start = System.nanoTime();
        Exchange.Answer answer;
        try {
            answer = exchange.exchange(uri, request, authorization, requestTimeout, bodyLimit);
        } catch (IOException e) {
            metrics.request(operation, Outcome.IO_ERROR, System.nanoTime() - start);
            throw new SessionTransportException(description + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            metrics.request(operation, Outcome.IO_ERROR, System.nanoTime() - start);
            InterruptedIOException interrupted = new InterruptedIOException("interrupted while waiting for the answer");
            interrupted.initCause(e);
            throw new SessionTransportException(description + " was interrupted", interrupted);
        }
        metrics.request(operation, Outcome.of(answer.status()), System.nanoTime() - start);
        answer.headers().firstValue(SessionApi.SERIALIZER_ACTIVE_HEADER)
                .map(String::strip)
                .filter(id -> !id.isEmpty())
                .ifPresent(activeSerializerListener);
        return new ApiResponse(description, answer.status(), answer.headers(), answer.body());
    }
}
