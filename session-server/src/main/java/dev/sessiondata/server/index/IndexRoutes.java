package dev.sessiondata.server.index;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.http.ApiRequest;
import dev.sessiondata.server.http.NettyHeaders;
import dev.sessiondata.server.http.Reply;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** {@code GET /api/v1/indexes/{name}/sessions}: hands the request's parts to {@link IndexLookup}, answers its page. */
public final class IndexRoutes {

    public static final String INDEX_SESSIONS_PATH = SessionApi.INDEX_SESSIONS_PATH;

    private final IndexLookup lookup;
    private final JsonMapper json;

    public IndexRoutes(IndexLookup lookup, JsonMapper json) {
        this.lookup = lookup;
        this.json = json;
    }

    public Mono<Reply> sessions(ApiRequest request) {
        return request.onLoop(lookup.page(request.variable("name"),
                        request.queryParameter(SessionApi.INDEX_VALUE_PARAMETER),
                        request.queryParameter(SessionApi.INDEX_AFTER_PARAMETER),
                        request.queryParameter(SessionApi.INDEX_LIMIT_PARAMETER)))
                .map(body -> Reply.status(200).header(NettyHeaders.CONTENT_TYPE, NettyHeaders.APPLICATION_JSON)
                        .body(json.writeValueAsBytes(body)));
    }
}
