package dev.sessiondata.client.internal;

import dev.sessiondata.client.SessionTransportException;
import dev.sessiondata.client.internal.metrics.ClientMetrics;
import dev.sessiondata.client.internal.metrics.Outcome;

/** Times every HTTP request per operation and outcome; the last link before the exchange, so a resend counts. */
public final class RequestMetrics implements Interceptor {

    private final ClientMetrics metrics;

    public RequestMetrics(ClientMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public ApiResponse intercept(Chain chain) {
        ApiRequest request = chain.request();
        long start = System.nanoTime();
        ApiResponse response;
        try {
            response = chain.proceed(request);
        } catch (SessionTransportException e) {
            metrics.request(request.operation(), Outcome.IO_ERROR, System.nanoTime() - start);
            throw e;
        }
        metrics.request(request.operation(), Outcome.of(response.status()), System.nanoTime() - start);
        return response;
    }
}
