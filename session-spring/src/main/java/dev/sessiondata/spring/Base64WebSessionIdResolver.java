package dev.sessiondata.spring;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.session.WebSessionIdResolver;

/**
 * A WebFlux application's session id resolver whose cookie carries the id as a servlet application's Spring
 * Session cookie does ({@code DefaultCookieSerializer}'s default: the id in Base64), so that the two, sharing their
 * sessions through the service, read each other's {@code SESSION} cookie. Decorates the resolver that names and
 * shapes the cookie (Spring Boot's, from {@code server.reactive.session.cookie.*}); a cookie value that is not
 * Base64 names no session.
 */
public final class Base64WebSessionIdResolver implements WebSessionIdResolver {

    private final WebSessionIdResolver cookies;

    public Base64WebSessionIdResolver(WebSessionIdResolver cookies) {
        this.cookies = Objects.requireNonNull(cookies, "cookies");
    }

    @Override
    public List<String> resolveSessionIds(ServerWebExchange exchange) {
        List<String> ids = new ArrayList<>();
        for (String value : cookies.resolveSessionIds(exchange)) {
            try {
                ids.add(new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException notBase64) {
                // whatever a browser sends: not a cookie this application set
            }
        }
        return ids;
    }

    @Override
    public void setSessionId(ServerWebExchange exchange, String sessionId) {
        cookies.setSessionId(exchange, Base64.getEncoder().encodeToString(sessionId.getBytes(StandardCharsets.UTF_8)));
    }

    @Override
    public void expireSession(ServerWebExchange exchange) {
        cookies.expireSession(exchange);
    }
}
