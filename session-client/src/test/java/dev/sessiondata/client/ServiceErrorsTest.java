package dev.sessiondata.client;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.KnownSerializers;
import java.io.IOException;
import java.net.URI;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each refusal of the service becomes its own exception type, carrying the problem document it sent. */
class ServiceErrorsTest {

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();
    private SessionClient client;

    @BeforeEach
    void startServerAndClient() throws Exception {
        client = server.connect("test-text", builder -> builder);
    }

    @ParameterizedTest(name = "{0} is a {1}")
    @CsvSource({
            "401, UnauthorizedException",
            "403, ForbiddenException",
            "412, ConflictException",
            "413, PayloadTooLargeException",
            "415, UnsupportedSerializerException",
            "503, ServiceUnavailableException",
            "400, SessionServiceException",
            "500, SessionServiceException"})
    void aRefusedWriteIsTheTypedExceptionOfItsStatusWithTheProblemDocument(int status, String type) {
        server.enqueue(Answer.problem(status, "https://sessiondata.dev/problems/p" + status, "Title " + status,
                "what went wrong", "\"reason\":\"r" + status + "\""));
        if (status == 415) {
            // a 415 makes the client ask again what the service accepts; it still accepts what was sent
            server.enqueue(SessionClientTest.serializers("test-text"));
        }

        assertThatThrownBy(() -> client.replace("user-42", "value", "v1"))
                .satisfies(e -> assertThat(e.getClass().getSimpleName()).isEqualTo(type))
                .isInstanceOfSatisfying(SessionServiceException.class, e -> {
                    Problem problem = e.problem();
                    assertThat(e.status()).isEqualTo(status);
                    assertThat(problem.type()).isEqualTo(URI.create("https://sessiondata.dev/problems/p" + status));
                    assertThat(problem.title()).isEqualTo("Title " + status);
                    assertThat(problem.detail()).isEqualTo("what went wrong");
                    assertThat(problem.string("reason")).contains("r" + status);
                })
                .hasMessageContaining("PUT /api/v1/sessions/user-42 answered " + status + " Title " + status
                        + ": what went wrong");
    }

    @Test
    void anUnsupportedSerializerListsWhatTheServiceAccepts() {
        server.enqueue(Answer.problem(415, "https://sessiondata.dev/problems/unsupported-serializer",
                "Unsupported Media Type", "not accepted", "\"accepted\":[\"kryo\",\"one-nio\"]"));
        server.enqueue(SessionClientTest.serializers("test-text"));

        assertThatThrownBy(() -> client.put("user-42", "value"))
                .isInstanceOfSatisfying(UnsupportedSerializerException.class,
                        e -> assertThat(e.accepted()).containsExactly("kryo", KnownSerializers.ONE_NIO));
    }

    @Test
    void anErrorWithoutAProblemDocumentKeepsTheStartOfItsBody() {
        server.enqueue(Answer.status(503).body("text/html", "<html>upstream unavailable</html>"));

        assertThatThrownBy(() -> client.get("user-42", String.class))
                .isInstanceOfSatisfying(ServiceUnavailableException.class, e -> {
                    assertThat(e.problem().type()).isEqualTo(Problem.ABOUT_BLANK);
                    assertThat(e.problem().detail()).isEqualTo("<html>upstream unavailable</html>");
                });
    }

    @Test
    void theStatusOfTheAnswerWinsOverAContradictingStatusMember() throws IOException {
        server.enqueue(Answer.status(403).body("application/problem+json", "{\"status\":500,\"title\":\"x\"}"));

        assertThatThrownBy(() -> client.delete("user-42"))
                .isInstanceOfSatisfying(ForbiddenException.class, e -> assertThat(e.problem().status()).isEqualTo(403));
    }
}
