package dev.sessiondata.server.web;

import dev.sessiondata.api.SessionApi;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** {@code GET /api/v1/indexes/{name}/sessions}: hands the request's parts to {@link IndexLookup}, answers its page. */
public final class IndexHandler {

    private final IndexLookup lookup;

    public IndexHandler(IndexLookup lookup) {
        this.lookup = lookup;
    }

    public Mono<ServerResponse> sessions(ServerRequest request) {
        return Mono.defer(() -> EventLoops.resumeOn(request.exchange(), lookup.page(request.pathVariable("name"),
                        request.queryParam(SessionApi.INDEX_VALUE_PARAMETER).orElse(null),
                        request.queryParam(SessionApi.INDEX_AFTER_PARAMETER).orElse(null),
                        request.queryParam(SessionApi.INDEX_LIMIT_PARAMETER).orElse(null))))
                .flatMap(body -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(body));
    }
}
