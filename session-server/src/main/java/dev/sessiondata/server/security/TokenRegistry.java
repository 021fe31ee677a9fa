package dev.sessiondata.server.security;

import java.security.MessageDigest;
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
 * <p>Every configured token is compared with the presented one on every request, each comparison visiting every
 * character of the presented token whatever the configured one holds (the scheme of {@link MessageDigest#isEqual}):
 * the time of a check depends on the presented token's length and the number of clients only, so neither the
 * length, the content nor the position of a match leaks through timing. That property needed no digest; hashing
 * the presented token (SHA-256, as this class did before) cost every request a digest for nothing.
 */
public final class TokenRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(TokenRegistry.class);

    private record Entry(char[] token, ApiClient client) {
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
            return new TokenRegistry(List.of(new Entry(token.toCharArray(), new ApiClient("generated", Access.READ_WRITE))));
        }
        return new TokenRegistry(properties.clients().stream()
                .map(client -> new Entry(client.token().strip().toCharArray(), new ApiClient(client.name(), client.access())))
                .toList());
    }

    /** The client whose token this is; empty for null or an unknown token. */
    public Optional<ApiClient> authenticate(@Nullable String token) {
        if (token == null) {
            return Optional.empty();
        }
        ApiClient match = null;
        for (Entry entry : entries) {
            if (equalInConstantTime(token, entry.token()) && match == null) {
                match = entry.client();
            }
        }
        return Optional.ofNullable(match);
    }

    /**
     * Whether the strings are equal, in a time that depends on {@code presented}'s length only: every character of
     * it is compared, against {@code configured}'s character at the same index or, past its end, its first one
     * (chosen without a branch), and a length difference alone already makes the answer false.
     */
    static boolean equalInConstantTime(String presented, char[] configured) {
        int length = configured.length;
        if (length == 0) {
            return presented.isEmpty();
        }
        int difference = presented.length() ^ length;
        for (int i = 0; i < presented.length(); i++) {
            int index = ((i - length) >>> 31) * i;
            difference |= presented.charAt(i) ^ configured[index];
        }
        return difference == 0;
    }
}
