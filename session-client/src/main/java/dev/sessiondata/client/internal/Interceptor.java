package dev.sessiondata.client.internal;

/**
 * One concern of every request to the service, as a link of the {@link Transport}'s chain (OkHttp's
 * {@code Interceptor} is the model): it may change the request, answer it itself, send it on with
 * {@link Chain#proceed} (more than once), and look at or replace the answer. Authentication, metrics, digests and
 * the serializer negotiation are each one; a cache of sessions joins as one more, so the verbs never know whether an
 * answer came from the service.
 */
@FunctionalInterface
public interface Interceptor {

    ApiResponse intercept(Chain chain);

    /** The rest of the chain, from this interceptor on. */
    interface Chain {

        /** The request as the previous link passed it. */
        ApiRequest request();

        /**
         * Sends {@code request} through the links after this one and returns their answer, whatever its status.
         *
         * @throws dev.sessiondata.client.SessionTransportException when there was no answer
         */
        ApiResponse proceed(ApiRequest request);
    }
}
