package dev.sessiondata.spring.boot;

import dev.sessiondata.spring.SessionDataReactiveSessionRepository;
import dev.sessiondata.spring.SessionVersionToken;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.http.HttpCookie;
import org.springframework.http.ResponseCookie;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * {@link SessionVersionCookie} for WebFlux applications: the same {@value SessionVersionCookie#NAME} cookie (path
 * {@code /}, HttpOnly, SameSite=Lax, Secure on a secure request), so that servlet and WebFlux applications on one host
 * hand the version on to each other. A request's {@link SessionVersionToken} travels in the Reactor context, where
 * {@link SessionDataReactiveSessionRepository} finds it ({@link SessionDataReactiveSessionRepository#VERSION_TOKEN}):
 * its reads ask for at least the cookie's version, and each read or write sets the cookie to the version the
 * response comes from.
 *
 * <p>Spring Session saves the web session when the response commits. An answer without a body commits after the
 * filter chain, outside its context, so this filter commits the response itself at the end of the chain (a response
 * already committed is left as it is): the save, and with it the cookie, happen inside the context. First among the
 * filters, so that every one that reads the session (Spring Security's) reads it inside the context too.
 */
public final class SessionVersionWebFilter implements WebFilter, Ordered {

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        HttpCookie cookie = exchange.getRequest().getCookies().getFirst(SessionVersionCookie.NAME);
        Token token = new Token(exchange.getRequest(), exchange.getResponse(), cookie == null ? null : cookie.getValue());
        return chain.filter(exchange)
                .then(Mono.defer(() -> exchange.getResponse().setComplete()))
                .contextWrite(Context.of(SessionDataReactiveSessionRepository.VERSION_TOKEN, token));
    }

    /** The version one request's cookie carried, and the response whose cookie says the version it came from. */
    private record Token(ServerHttpRequest request, ServerHttpResponse response, @Nullable String requested)
            implements SessionVersionToken {

        @Override
        public @Nullable String requested(String sessionId) {
            return requested;
        }

        @Override
        public void produced(String sessionId, String version) {
            if (version.equals(requested)) {
                return;
            }
            boolean secure = request.getSslInfo() != null || "https".equalsIgnoreCase(request.getURI().getScheme());
            ResponseCookie cookie = ResponseCookie.from(SessionVersionCookie.NAME, version)
                    .path("/").httpOnly(true).secure(secure).sameSite("Lax").build();
            try {
                // set, not added: a request that reads and then writes the session answers the version it wrote.
                // Not isCommitted(): that is already true while the commit runs the save, when cookies still go out
                response.getCookies().set(SessionVersionCookie.NAME, cookie);
            } catch (UnsupportedOperationException written) {
                // the response's head is written: there is no cookie left to set, and no version to carry
            }
        }
    }
}
