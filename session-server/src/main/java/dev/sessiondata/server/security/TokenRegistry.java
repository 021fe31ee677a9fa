package dev.sessiondata.server.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps bearer tokens to clients in constant time.
 *
 * <p>Tokens are kept and compared as SHA-256 digests with {@link MessageDigest#isEqual}, and every configured
 * token is compared on every request, so neither the length nor the position of a match leaks through timing.
 */
public final class TokenRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(TokenRegistry.class);

    private record Entry(byte[] digest, ApiClient client) {
    }

    private final List<Entry> entries;

    private TokenRegistry(List<Entry> entries) {
        this.entries = entries;
    }

    /** The registry of the configured clients; with none, one generated read-write token, logged once. */
    public static TokenRegistry of(SecurityProperties properties) {
        if (properties.clients().isEmpty()) {
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            LOG.warn("""

                    Using generated session-data token: {}

                    This generated token is for development use only. Configure sessiondata.security.clients \
                    before running in production.
                    """, token);
            return new TokenRegistry(List.of(new Entry(digest(token), new ApiClient("generated", Access.READ_WRITE))));
        }
        return new TokenRegistry(properties.clients().stream()
                .map(client -> new Entry(digest(client.token().strip()), new ApiClient(client.name(), client.access())))
                .toList());
    }

    /** The client whose token this is; empty for null or an unknown token. */
    public Optional<ApiClient> authenticate(@Nullable String token) {
        if (token == null) {
            return Optional.empty();
        }
        byte[] presented = digest(token);
        ApiClient match = null;
        for (Entry entry : entries) {
            if (MessageDigest.isEqual(entry.digest(), presented) && match == null) {
                match = entry.client();
            }
        }
        return Optional.ofNullable(match);
    }

    private static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
