package dev.sessiondata.server.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Tokens find their client exactly: no prefix, extension, case change or other client's token does. */
class TokenRegistryTest {

    private static final String WRITER = "writer-token-0123456789";
    private static final String READER = "reader-token-0123456789";

    private final TokenRegistry tokens = TokenRegistry.of(new SecurityProperties(List.of(
            new SecurityProperties.Client("writer", WRITER, Access.READ_WRITE),
            new SecurityProperties.Client("reader", "  " + READER + " ", Access.READ))));

    @Test
    void eachTokenIsItsClient() {
        assertThat(tokens.authenticate(WRITER)).contains(new ApiClient("writer", Access.READ_WRITE));
        assertThat(tokens.authenticate(READER)).contains(new ApiClient("reader", Access.READ));
    }

    @Test
    void nearMissesAreNobody() {
        for (String token : new String[] {"", "w", WRITER.substring(0, WRITER.length() - 1), WRITER + "x",
                WRITER.toUpperCase(), "x" + WRITER.substring(1), WRITER.replace("9", "8")}) {
            assertThat(tokens.authenticate(token)).as(token).isEmpty();
        }
        assertThat(tokens.authenticate(null)).isEmpty();
    }

    @Test
    void theComparisonLooksAtEveryCharacterAndTheLength() {
        char[] configured = "abcdef".toCharArray();
        assertThat(TokenRegistry.equalInConstantTime("abcdef", configured)).isTrue();
        assertThat(TokenRegistry.equalInConstantTime("abcdeg", configured)).isFalse();
        assertThat(TokenRegistry.equalInConstantTime("abcdefa", configured)).isFalse();
        assertThat(TokenRegistry.equalInConstantTime("abcde", configured)).isFalse();
        assertThat(TokenRegistry.equalInConstantTime("", configured)).isFalse();
    }
}
