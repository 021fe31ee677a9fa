package dev.sessiondata.server.security;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.web.ApiProblemException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Lets an {@code /api} request through only with a known bearer token, and a write only with a read-write one.
 *
 * <p>One filter rather than Spring Security: the whole policy is "token, then read or write", which fits here;
 * Spring Security would add a filter chain, an entry point and an access-denied handler only to produce the same
 * two problem documents. A refusal is handed to Spring MVC's exception resolvers so that it becomes the same kind
 * of problem document as every other error, before the body is read.
 */
public final class BearerTokenFilter extends OncePerRequestFilter {

    private static final Set<String> READ_METHODS = Set.of("GET", "HEAD", "OPTIONS");
    private static final String BEARER = "Bearer ";

    private final TokenRegistry tokens;
    private final HandlerExceptionResolver problems;

    public BearerTokenFilter(TokenRegistry tokens, HandlerExceptionResolver problems) {
        this.tokens = tokens;
        this.problems = problems;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        var client = tokens.authenticate(bearerToken(request.getHeader(HttpHeaders.AUTHORIZATION)));
        if (client.isEmpty()) {
            refuse(request, response, new ApiProblemException(ProblemType.UNAUTHORIZED,
                    "Send Authorization: Bearer <token> with a token the server knows."));
            return;
        }
        if (!READ_METHODS.contains(request.getMethod()) && !client.get().access().allowsWrites()) {
            refuse(request, response, new ApiProblemException(ProblemType.FORBIDDEN,
                    "Client '" + client.get().name() + "' has read access; " + request.getMethod() + " needs read-write."));
            return;
        }
        chain.doFilter(request, response);
    }

    private void refuse(HttpServletRequest request, HttpServletResponse response, ApiProblemException problem)
            throws ServletException {
        if (problems.resolveException(request, response, null, problem) == null) {
            throw new ServletException("no exception resolver answered " + problem.type(), problem);
        }
    }

    private static @Nullable String bearerToken(@Nullable String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        return authorization.substring(BEARER.length()).strip();
    }
}
