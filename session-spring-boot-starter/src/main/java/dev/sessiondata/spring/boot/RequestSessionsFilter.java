package dev.sessiondata.spring.boot;

import dev.sessiondata.spring.RequestSessions;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.session.web.http.SessionRepositoryFilter;

/**
 * Opens a {@link RequestSessions} scope around Spring Session's filter, so that the filter's asking for the requested
 * session again after each save is answered from what the request read or wrote instead of another read.
 */
public final class RequestSessionsFilter implements Filter, Ordered {

    @Override
    public int getOrder() {
        return SessionRepositoryFilter.DEFAULT_ORDER - 1;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try (RequestSessions.Scope scope = RequestSessions.open()) {
            chain.doFilter(request, response);
        }
    }
}
