package dev.sessiondata.server.security;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.server.http.ApiProblemException;
import dev.sessiondata.server.http.ApiRequest;
import dev.sessiondata.server.http.Link;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Lets an API request through only with a known bearer token, and a request that is not a read only with a
 * read-write one; before the body is read and before the store is asked.
 *
 * <p>One link rather than Spring Security: the whole policy is "token, then read or write", which fits here;
 * Spring Security would add a filter chain, an entry point and an access-denied handler only to produce the same
 * two problem documents.
 */
public final class BearerAuthentication implements Link {

    private static final String BEARER = "Bearer ";

    private final TokenRegistry tokens;

    public BearerAuthentication(TokenRegistry tokens) {
        this.tokens = tokens;
    }

    @Override
    public @Nullable Runnable enter(ApiRequest request) {
        if (!request.isApi()) {
            return null;
        }
        Optional<ApiClient> client = tokens.authenticate(bearerToken(request.header(HttpHeaderNames.AUTHORIZATION)));
        if (client.isEmpty()) {
            throw new ApiProblemException(ProblemType.UNAUTHORIZED,
                    "Send Authorization: Bearer <token> with a token the server knows.");
        }
        if (!request.isRead() && !client.get().access().allowsWrites()) {
            throw new ApiProblemException(ProblemType.FORBIDDEN,
                    "Client '" + client.get().name() + "' has read access; " + request.method() + " needs read-write.");
        }
        return null;
    }

    /** The token of an {@code Authorization: Bearer <token>} header; null for any other header or none. */
    public static @Nullable String bearerToken(@Nullable String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return null;
        }
        return authorization.substring(BEARER.length()).strip();
    }
}
