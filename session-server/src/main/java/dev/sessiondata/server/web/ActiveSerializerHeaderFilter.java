package dev.sessiondata.server.web;

import dev.sessiondata.api.SessionApi;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Puts {@code Session-Serializer-Active} on every API response, errors included, before anything else runs: a
 * client learns of an operator's switch from whatever answer it gets next.
 */
public final class ActiveSerializerHeaderFilter implements WebFilter, Ordered {

    private final List<String> active;

    public ActiveSerializerHeaderFilter(SerializerPolicy serializers) {
        this.active = List.of(serializers.active());
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE + 10;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (ApiPaths.isApi(exchange.getRequest())) {
            exchange.getResponse().getHeaders().put(SessionApi.SERIALIZER_ACTIVE_HEADER, active);
        }
        return chain.filter(exchange);
    }
}
