package dev.sessiondata.spring.boot;

import dev.sessiondata.spring.SessionVersionToken;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.jspecify.annotations.Nullable;
import org.springframework.core.Ordered;
import org.springframework.session.web.http.SessionRepositoryFilter;

/**
 * Carries the version of the user's session in a cookie beside the session's ({@value #NAME}, path {@code /},
 * HttpOnly, SameSite=Lax, Secure on a secure request): each response that read or wrote the session sets it to the
 * version it came from, and the next request, to this application or another on the same host, reads at least that
 * version, so a near cache that holds another reads from the service. A filter ordered just before Spring Session's,
 * so that the repository's reads and its save at the response's commit happen inside it.
 */
public final class SessionVersionCookie implements Filter, Ordered, SessionVersionToken {

    /** The cookie's name. */
    public static final String NAME = "SESSION_VERSION";

    private static final ThreadLocal<@Nullable Exchange> CURRENT = new ThreadLocal<>();

    @Override
    public int getOrder() {
        return SessionRepositoryFilter.DEFAULT_ORDER - 1;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!(request instanceof HttpServletRequest http) || !(response instanceof HttpServletResponse answer)) {
            chain.doFilter(request, response);
            return;
        }
        Exchange previous = CURRENT.get();
        CURRENT.set(new Exchange(http, answer, cookie(http)));
        try {
            chain.doFilter(request, response);
        } finally {
            CURRENT.set(previous);
        }
    }

    @Override
    public @Nullable String requested(String sessionId) {
        Exchange exchange = CURRENT.get();
        return exchange == null ? null : exchange.requested();
    }

    @Override
    public void produced(String sessionId, String version) {
        Exchange exchange = CURRENT.get();
        if (exchange == null || exchange.response().isCommitted() || version.equals(exchange.requested())) {
            return;
        }
        Cookie cookie = new Cookie(NAME, version);
        cookie.setPath("/");
        cookie.setHttpOnly(true);
        cookie.setSecure(exchange.request().isSecure());
        cookie.setAttribute("SameSite", "Lax");
        exchange.response().addCookie(cookie);
    }

    private static @Nullable String cookie(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie cookie : cookies) {
                if (NAME.equals(cookie.getName())) {
                    return cookie.getValue();
                }
            }
        }
        return null;
    }

    /** The request and response a thread is serving, and the version the request's cookie carried. */
    private record Exchange(HttpServletRequest request, HttpServletResponse response, @Nullable String requested) {
    }
}
