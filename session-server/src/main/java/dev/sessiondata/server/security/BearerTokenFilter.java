package dev.sessiondata.server.security;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.web.ApiPaths;
import dev.sessiondata.server.web.ApiProblemException;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Lets an {@code /api} request through only with a known bearer token, and a write only with a read-write one.
 *
 * <p>One filter rather than Spring Security: the whole policy is "token, then read or write", which fits here;
 * Spring Security would add a filter chain, an entry point and an access-denied handler only to produce the same
 * two problem documents. A refusal is an error of the exchange, which the problem handler answers like every other
 * error, before the body is read.
 */
public final class BearerTokenFilter implements WebFilter, Ordered {

    private static final String BEARER = "Bearer ";

    private final TokenRegistry tokens;

    public BearerTokenFilter(TokenRegistry tokens) {
        this.tokens = tokens;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE + 20;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!ApiPaths.isApi(exchange.getRequest())) {
            return chain.filter(exchange);
        }
        var client = tokens.authenticate(bearerToken(exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION)));
        if (client.isEmpty()) {
            return Mono.error(new ApiProblemException(ProblemType.UNAUTHORIZED,
                    "Send Authorization: Bearer <token> with a token the server knows."));
        }
        HttpMethod method = exchange.getRequest().getMethod();
        if (!isRead(method) && !client.get().access().allowsWrites()) {
            return Mono.error(new ApiProblemException(ProblemType.FORBIDDEN,
                    "Client '" + client.get().name() + "' has read access; " + method.name() + " needs read-write."));
        }
        return chain.filter(exchange);
    }

    private static boolean isRead(HttpMethod method) {
        return method == HttpMethod.GET || method == HttpMethod.HEAD || method == HttpMethod.OPTIONS;
    }

    /** The token of an {@code Authorization: Bearer <token>} header; null for any other header or none. */
    public static @Nullable String bearerToken(@Nullable String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        return authorization.substring(BEARER.length()).strip();
    }
}
