package dev.sessiondata.server.http;

import reactor.core.publisher.Mono;

/**
 * One cross-cutting concern of the request pipeline: it looks at the request, refuses it (a failed {@link Mono} of
 * an {@link ApiProblemException}) or passes it on, and may look at or change the reply that comes back. The links run
 * in the order {@link ApiPipeline} is given them, outermost first; the route table is always last.
 */
@FunctionalInterface
public interface Link {

    Mono<Reply> handle(ApiRequest request, Chain next);

    /** The rest of the pipeline after a link. */
    @FunctionalInterface
    interface Chain {
        Mono<Reply> proceed(ApiRequest request);
    }
}
