package dev.sessiondata.client;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.client.internal.ContentDigest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * RFC 9530 on the client: every write carries {@code Content-Digest}; a read checks a {@code Repr-Digest} before its
 * bytes reach a deserializer, and reads as before without one.
 */
class ContentDigestTest {

    /** RFC 9530 appendix B.1: the sha-256 of this body. */
    private static final String RFC_BODY = "{\"hello\": \"world\"}";
    private static final String RFC_SHA_256 = "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:";

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();

    @Test
    void theDigestOfABodyIsTheRfcsExample() {
        assertThat(ContentDigest.of(RFC_BODY.getBytes(StandardCharsets.UTF_8))).isEqualTo(RFC_SHA_256);
    }

    @Test
    void everyWriteCarriesTheContentDigestOfItsBytes() throws Exception {
        SessionClient client = server.connect("test-text", builder -> builder);
        server.enqueue(SessionClientTest.written(201, "v1", "test-text"));

        client.put("user-42", RFC_BODY);

        ScriptedServer.Recorded put = server.takeRequest();
        assertThat(put.bodyText()).isEqualTo(RFC_BODY);
        assertThat(put.header("Content-Digest")).isEqualTo(RFC_SHA_256);
    }

    @Test
    void aReadWhoseBytesMatchTheirReprDigestIsRead() throws Exception {
        SessionClient client = server.connect("test-text", builder -> builder);
        server.enqueue(stored(RFC_BODY).header("Repr-Digest", "sha-512=:AAAA:, " + RFC_SHA_256));

        assertThat(client.get("user-42", String.class).orElseThrow().value()).isEqualTo(RFC_BODY);
    }

    @Test
    void aReadWhoseBytesDifferFromTheirReprDigestIsAnIntegrityException() throws Exception {
        SessionClient client = server.connect("test-text", builder -> builder);
        server.enqueue(stored("{\"hello\": \"wOrld\"}").header("Repr-Digest", RFC_SHA_256));

        assertThatThrownBy(() -> client.get("user-42", String.class))
                .isInstanceOfSatisfying(IntegrityException.class, e -> assertThat(e.algorithm()).isEqualTo("sha-256"))
                .hasMessageContaining("GET /api/v1/sessions/user-42")
                .hasMessageContaining("X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=");
    }

    @Test
    void anUnreadableSha256MemberIsAnIntegrityExceptionAndUnknownAlgorithmsAreIgnored() {
        byte[] body = RFC_BODY.getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> ContentDigest.verify("GET /s", List.of("sha-256=:c2hvcnQ=:"), body))
                .isInstanceOf(IntegrityException.class).hasMessageContaining("not a 32-byte byte sequence");
        assertThatThrownBy(() -> ContentDigest.verify("GET /s", List.of("sha-256=X48E9qOo"), body))
                .isInstanceOf(IntegrityException.class);
        ContentDigest.verify("GET /s", List.of("unixsum=:AAAA:", "sha-512=:AAAA:;x=1"), body);
        ContentDigest.verify("GET /s", List.of(), body);
        ContentDigest.verify("GET /s", List.of("SHA-256=" + RFC_SHA_256.substring(8) + ";p=1"), body);
    }

    private static Answer stored(String text) {
        return SessionClientTest.stored("test-text", text.getBytes(StandardCharsets.UTF_8), "v1");
    }
}
