package dev.sessiondata.client.internal;

import java.util.concurrent.CompletionStage;

/**
 * One concern of every request to the service, as a link of the {@link Transport}'s chain (OkHttp's
 * {@code Interceptor} is the model): it may change the request, answer it itself, send it on with
 * {@link Chain#proceed} (more than once), and look at or replace the answer. Authentication, metrics, digests and
 * the serializer negotiation are each one; a cache of sessions joins as one more, so the verbs never know whether an
 * answer came from the service.
 *
 * <p>A link works on the answer's {@link CompletionStage}, so that one chain serves both paths of the client: on the
 * blocking one every stage is complete when it is handed on (the exchange answered on the caller's thread), on the
 * non-blocking one it completes when the answer arrives, and no thread waits for it. A link therefore never blocks on
 * a stage ({@code join}, {@code get}); it composes ({@code thenApply}, {@code thenCompose}, {@code whenComplete}).
 */
@FunctionalInterface
public interface Interceptor {

    /**
     * The answer to {@code chain.request()}; a failure (a {@link dev.sessiondata.client.SessionClientException})
     * completes the stage exceptionally, or is thrown.
     */
    CompletionStage<ApiResponse> intercept(Chain chain);

    /** The rest of the chain, from this interceptor on. */
    interface Chain {

        /** The request as the previous link passed it. */
        ApiRequest request();

        /**
         * Sends {@code request} through the links after this one; the stage completes with their answer, whatever its
         * status, or exceptionally with a {@link dev.sessiondata.client.SessionTransportException} when there was no
         * answer. It never throws.
         */
        CompletionStage<ApiResponse> proceed(ApiRequest request);
    }
}
