package dev.sessiondata.server.http;

import reactor.core.publisher.Mono;

/**
 * What a route does once every cross-cutting concern has let its request through: the request in, the reply out
 * (or a failed {@link Mono}, which the problem link answers). A handler may also throw an
 * {@link ApiProblemException} before it reads anything.
 */
@FunctionalInterface
public interface Handler {

    Mono<Reply> handle(ApiRequest request);
}
