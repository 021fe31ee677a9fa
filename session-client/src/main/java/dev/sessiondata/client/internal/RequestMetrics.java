package dev.sessiondata.client.internal;

import dev.sessiondata.client.internal.metrics.ClientMetrics;
import dev.sessiondata.client.internal.metrics.Outcome;
import java.util.concurrent.CompletionStage;

/**
 * Times every HTTP request per operation and outcome, until its answer arrived (on either path of the client); the
 * last link before the exchange, so a resend counts.
 */
public final class RequestMetrics implements Interceptor {

    private final ClientMetrics metrics;

    public RequestMetrics(ClientMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public CompletionStage<ApiResponse> intercept(Chain chain) {
        ApiRequest request = chain.request();
        long start = System.nanoTime();
        return chain.proceed(request).whenComplete((response, failure) -> metrics.request(request.operation(),
                response == null ? Outcome.IO_ERROR : Outcome.of(response.status()), System.nanoTime() - start));
    }
}
