package dev.sessiondata.client.internal;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;

/**
 * How the client sends one request and waits for its answer: {@link UrlConnectionExchange} by default,
 * {@link HttpClientExchange} for an {@link java.net.http.HttpClient} the application gives or for {@code https}.
 */
public interface Exchange extends AutoCloseable {

    /**
     * Sends {@code request} to {@code uri} and returns the answer, whatever its status. The successful answer's body
     * is bounded by the request's {@link ApiRequest#bodyLimit()}, an error's by {@link BoundedBody#ERROR_BODY_LIMIT}
     * too.
     *
     * @param timeout how long to wait for the answer
     * @throws IOException when there was no answer, or its body is larger than allowed
     */
    Answer exchange(URI uri, ApiRequest request, Duration timeout) throws IOException, InterruptedException;

    /** Releases what this exchange owns; what the application gave it stays open. */
    @Override
    void close();

    /** Status, headers and the whole (bounded) body of an answer. */
    public record Answer(int status, HttpHeaders headers, byte[] body) {
    }
}
