package dev.sessiondata.server.http;

import org.jspecify.annotations.Nullable;

/**
 * One cross-cutting concern of the request pipeline, in two steps around the rest of it, as a servlet filter is
 * around its chain: {@link #enter} sees the request on its way in and refuses it by throwing an
 * {@link ApiProblemException}; {@link #leave} sees the reply that comes back and may change or refuse it; a link
 * that answers failures turns one from inside it into a reply ({@link #fail}). The links run in the order
 * {@link ApiPipeline} is given them, outermost first, in on the way in and out in reverse; the route table is always
 * last. A link that refused the request is not left: only the links outside it see its refusal.
 *
 * <p>Two synchronous steps rather than a function of the rest of the chain: a request passes every link, and a
 * reactive operator per link per request was the largest share of the pipeline's own cost.
 */
public interface Link {

    /**
     * The request on its way in, before anything inside this link has seen it.
     *
     * @return what must run once the request has ended, whether it was answered, failed or its client left (a
     *     held permit given back); null for nothing
     */
    default @Nullable Runnable enter(ApiRequest request) {
        return null;
    }

    /** The reply made inside this link, on its way out: returned as it is, or another one. */
    default Reply leave(ApiRequest request, Reply reply) {
        return reply;
    }

    /** A failure inside this link: the reply that answers it, or null to pass it outwards. */
    default @Nullable Reply fail(ApiRequest request, Throwable failure) {
        return null;
    }
}
