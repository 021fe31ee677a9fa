package dev.sessiondata.client;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;

/**
 * How the client sends one request and waits for its answer: {@link UrlConnectionExchange} by default,
 * {@link HttpClientExchange} for an {@link java.net.http.HttpClient} the application gives or for {@code https}.
 */
interface Exchange {

    /**
     * Sends {@code request} to {@code uri} and returns the answer, whatever its status.
     *
     * @param timeout how long to wait for the answer
     * @param bodyLimit the largest successful body accepted, in bytes (an error's is bounded by
     *     {@link BoundedBody#ERROR_BODY_LIMIT} too)
     * @throws IOException when there was no answer, or its body is larger than allowed
     */
    Answer exchange(URI uri, ApiRequest request, String authorization, Duration timeout, int bodyLimit)
            throws IOException, InterruptedException;

    /** Status, headers and the whole (bounded) body of an answer. */
    record Answer(int status, HttpHeaders headers, byte[] body) {
    }
}
