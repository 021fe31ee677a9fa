package dev.sessiondata.client;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A client's life apart from its verbs: a variant derived from it, the options of a write, and closing it. */
class SessionClientLifecycleTest {

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();

    @Test
    void newBuilderDerivesAVariantAndLeavesTheOriginalAsItWas() throws Exception {
        SessionClient original = SessionClient.builder().baseUri(server.uri()).token("first-token").build();
        SessionClient variant = original.newBuilder().token("second-token").build();
        server.enqueue(Answer.status(404)).enqueue(Answer.status(404));

        variant.get("user-42", String.class);
        original.get("user-42", String.class);

        assertThat(server.takeRequest().header("Authorization")).isEqualTo("Bearer second-token");
        assertThat(server.takeRequest().header("Authorization")).isEqualTo("Bearer first-token");
    }

    @Test
    void aClosedClientRefusesEveryCallAndLeavesTheApplicationsHttpClientOpen() throws Exception {
        HttpClient application = HttpClient.newHttpClient();
        SessionClient client = SessionClient.builder().baseUri(server.uri()).token("t").httpClient(application)
                .build();

        client.close();

        assertThatThrownBy(() -> client.get("user-42", String.class)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> client.put("user-42", "hello")).isInstanceOf(IllegalStateException.class);
        assertThat(server.pendingRequests()).isZero();
        server.enqueue(Answer.status(204));
        HttpResponse<Void> stillWorks = application.send(HttpRequest.newBuilder(server.uri().resolve("/ping"))
                .build(), HttpResponse.BodyHandlers.discarding());
        assertThat(stillWorks.statusCode()).isEqualTo(204);
    }

    @Test
    void writeOptionsCarryAPositiveTimeToLiveOrLeaveItToTheService() {
        assertThat(WriteOptions.defaults().ttl()).isEmpty();
        assertThat(WriteOptions.ttl(Duration.ofMinutes(30)).ttl()).contains(Duration.ofMinutes(30));
        assertThat(WriteOptions.defaults().withTtl(Duration.ofSeconds(5))).isEqualTo(WriteOptions.ttl(
                Duration.ofSeconds(5)));
        assertThatThrownBy(() -> WriteOptions.ttl(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ttl must be positive");
        assertThatThrownBy(() -> WriteOptions.ttl(Duration.ofSeconds(-1))).isInstanceOf(
                IllegalArgumentException.class);
    }
}
