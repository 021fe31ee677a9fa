package dev.sessiondata.server.web;

import dev.sessiondata.api.SessionApi;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Puts {@code Session-Serializer-Active} on every API response, errors included, before anything else runs: a
 * client learns of an operator's switch from whatever answer it gets next.
 */
public final class ActiveSerializerHeaderFilter extends OncePerRequestFilter {

    private final String active;

    public ActiveSerializerHeaderFilter(SerializerPolicy serializers) {
        this.active = serializers.active();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader(SessionApi.SERIALIZER_ACTIVE_HEADER, active);
        chain.doFilter(request, response);
    }
}
