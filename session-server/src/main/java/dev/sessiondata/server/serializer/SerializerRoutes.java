package dev.sessiondata.server.serializer;

import dev.sessiondata.api.SerializersInfo;
import dev.sessiondata.server.http.ApiRequest;
import dev.sessiondata.server.http.Reply;
import dev.sessiondata.server.metrics.ServerMetrics;
import dev.sessiondata.server.store.SessionStoreStatistics;
import io.netty.handler.codec.http.HttpHeaderNames;
import dev.sessiondata.server.http.NettyHeaders;
import java.util.LinkedHashMap;
import java.util.Map;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /api/v1/serializers}: the policy, with the writes stored per accepted serializer since the start and,
 * where the store counts them cheaply (memory), the live sessions per serializer: what the operator watches before
 * narrowing {@code accepted}.
 */
public final class SerializerRoutes {

    private final SerializerPolicy serializers;
    private final ServerMetrics metrics;
    private final SessionStoreStatistics statistics;
    private final JsonMapper json;

    public SerializerRoutes(SerializerPolicy serializers, ServerMetrics metrics, SessionStoreStatistics statistics,
            JsonMapper json) {
        this.serializers = serializers;
        this.metrics = metrics;
        this.statistics = statistics;
        this.json = json;
    }

    public Mono<Reply> serializers(ApiRequest request) {
        SerializersInfo info = serializers.info();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("active", info.active());
        body.put("accepted", info.accepted());
        body.put("available", info.available());
        body.put("writes", metrics.writesBySerializer());
        statistics.sessionsBySerializer().ifPresent(sessions -> body.put("sessions", sessions));
        return Mono.just(Reply.status(200).header(NettyHeaders.CONTENT_TYPE, NettyHeaders.APPLICATION_JSON)
                .body(json.writeValueAsBytes(body)));
    }
}
