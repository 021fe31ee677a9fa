package dev.sessiondata.client.internal;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Sends through a JDK {@link HttpClient}: the application's own, or one this client built for {@code https}
 * (HTTP/2), which {@link #close()} closes where the JDK can close one (Java 21 and later; before, it stops once
 * unreachable). It serves both paths of the client: {@link #exchange} waits for the answer, {@link #exchangeAsync}
 * does not.
 */
public final class HttpClientExchange implements Exchange {

    private final HttpClient http;
    private final boolean owned;

    /** @param owned whether this client built {@code http}, so that closing the client closes it */
    public HttpClientExchange(HttpClient http, boolean owned) {
        this.http = http;
        this.owned = owned;
    }

    @Override
    public Answer exchange(URI uri, ApiRequest request, Duration timeout) throws IOException, InterruptedException {
        HttpResponse<byte[]> response = http.send(httpRequest(uri, request, timeout),
                BoundedBody.handler(request.bodyLimit()));
        return new Answer(response.statusCode(), response.headers(), response.body());
    }

    /**
     * Sends {@code request} without waiting: the stage completes, on the {@link HttpClient}'s executor, with the
     * answer whatever its status (bodies bounded as {@link #exchange} bounds them), or exceptionally with the
     * {@link IOException} of a request without an answer.
     */
    public CompletableFuture<Answer> exchangeAsync(URI uri, ApiRequest request, Duration timeout) {
        return http.sendAsync(httpRequest(uri, request, timeout), BoundedBody.handler(request.bodyLimit()))
                .thenApply(response -> new Answer(response.statusCode(), response.headers(), response.body()));
    }

    private static HttpRequest httpRequest(URI uri, ApiRequest request, Duration timeout) {
        byte[] body = request.body();
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .timeout(timeout)
                .method(request.method(), body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        List<String> headers = request.headers();
        for (int i = 0; i < headers.size(); i += 2) {
            builder.header(headers.get(i), headers.get(i + 1));
        }
        return builder.build();
    }

    @Override
    public void close() {
        if (owned && http instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                ClientLog.LOG.debug("Closing the client's HttpClient failed", e);
            }
        }
    }
}
