package dev.sessiondata.client.internal.schema;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.api.DescriptorBatch;
import dev.sessiondata.client.ScriptedServer;
import dev.sessiondata.client.SessionClientException;
import dev.sessiondata.client.SessionServiceException;
import dev.sessiondata.client.internal.Authentication;
import dev.sessiondata.client.internal.Transport;
import dev.sessiondata.client.internal.UrlConnectionExchange;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The descriptor registry's HTTP calls: paths, media type and the batch format. */
class HttpSchemaRemoteTest {

    /** A serializer that exchanges schemas; its registry's path and media type are made from its id. */
    private static final String SERIALIZER = "compact";
    private static final ClassDescriptor ORDER = new ClassDescriptor(0x00ab_cdefL, new byte[] {1, 2, 3});
    private static final ClassDescriptor ADDRESS = new ClassDescriptor(-2L, new byte[] {4});

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();
    private HttpSchemaRemote remote;

    @BeforeEach
    void connect() {
        remote = new HttpSchemaRemote(new Transport(List.of(new Authentication("t")),
                new UrlConnectionExchange(Duration.ofSeconds(5)), server.uri(), Duration.ofSeconds(10)), SERIALIZER);
    }

    private static Answer batch(ClassDescriptor... descriptors) {
        return Answer.status(200).body("application/vnd.sessiondata.compact-descriptors",
                DescriptorBatch.encode(List.of(descriptors)));
    }

    @Test
    void uploadPutsOneBatch() throws Exception {
        server.enqueue(Answer.status(204));

        assertThat(remote.upload(List.of(ORDER, ADDRESS))).isTrue();

        ScriptedServer.Recorded put = server.takeRequest();
        assertThat(put.method()).isEqualTo("PUT");
        assertThat(put.target()).isEqualTo("/api/v1/serializers/compact/descriptors");
        assertThat(put.header("Content-Type")).isEqualTo("application/vnd.sessiondata.compact-descriptors");
        assertThat(put.header("Authorization")).isEqualTo("Bearer t");
        assertThat(DescriptorBatch.decode(put.body())).containsExactly(ORDER, ADDRESS);
    }

    @Test
    void anUploadWithAReadOnlyTokenIsRefusedWithoutFailing() {
        server.enqueue(Answer.problem(403, "urn:sessiondata:problem:forbidden", "Forbidden", "read access", ""));

        assertThat(remote.upload(List.of(ORDER))).isFalse();
    }

    @Test
    void aRefusedUploadIsTheServicesProblem() {
        server.enqueue(Answer.problem(409, "https://sessiondata.dev/problems/descriptor-conflict", "Conflict",
                "uid 0000000000abcdef has other bytes", ""));

        assertThatThrownBy(() -> remote.upload(List.of(ORDER)))
                .isInstanceOfSatisfying(SessionServiceException.class, e -> assertThat(e.status()).isEqualTo(409));
    }

    @Test
    void downloadAsksForOneUidInSixteenHexDigits() throws Exception {
        server.enqueue(batch(ADDRESS));
        server.enqueue(Answer.problem(404, "about:blank", "Not Found", "unknown uid", ""));

        assertThat(remote.download(-2L)).contains(ADDRESS);
        assertThat(remote.download(0x00ab_cdefL)).isEmpty();

        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/serializers/compact/descriptors/fffffffffffffffe");
        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/serializers/compact/descriptors/0000000000abcdef");
    }

    @Test
    void aMalformedBatchIsReported() {
        server.enqueue(Answer.status(200).body("application/vnd.sessiondata.compact-descriptors", new byte[] {0, 0}));

        assertThatThrownBy(() -> remote.download(1L))
                .isInstanceOf(SessionClientException.class)
                .hasMessageContaining("malformed descriptor batch");
    }
}
