package dev.sessiondata.client;

import static dev.sessiondata.client.ScriptedServer.Answer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.internal.ContentDigest;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializers;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The client's reads and writes against a scripted server: what it sends, and what it makes of each answer. */
class SessionClientTest {

    static final String TOKEN = "s3cret";
    static final Instant EXPIRES = Instant.parse("2030-01-01T00:30:00Z");

    @RegisterExtension
    final ScriptedServer server = ScriptedServer.start();

    static Answer serializers(String active) {
        return serializers(active, "java", "test-text");
    }

    static Answer serializers(String active, String... accepted) {
        String list = accepted.length == 0 ? "" : "\"" + String.join("\",\"", accepted) + "\"";
        return Answer.status(200)
                .header("Session-Serializer-Active", active)
                .body("application/json", "{\"active\":\"" + active + "\",\"accepted\":[" + list + "],"
                        + "\"available\":[\"java\",\"test-text\",\"kryo\"]}");
    }

    static Answer stored(String serializerId, byte[] body, String version) {
        return Answer.status(200)
                .header("ETag", "\"" + version + "\"")
                .header("Session-Expires-At", EXPIRES.toString())
                .body("application/vnd.sessiondata." + serializerId, body);
    }

    static Answer written(int status, String version, String active) {
        return Answer.status(status).header("ETag", "\"" + version + "\"").header("Session-Serializer-Active", active);
    }

    static byte[] java(Object value) {
        return SessionSerializers.create("java", SerializerSettings.defaults()).serialize(value);
    }

    private SessionClient client(String active) throws InterruptedException {
        return server.connect(active, builder -> builder);
    }

    @Test
    void connectAsksTheServiceForItsActiveSerializerWithTheToken() throws Exception {
        server.enqueue(serializers("test-text"));

        SessionClient client = SessionClient.builder().baseUri(server.uri()).token(TOKEN).build().connect();

        ScriptedServer.Recorded handshake = server.takeRequest();
        assertThat(handshake.method()).isEqualTo("GET");
        assertThat(handshake.target()).isEqualTo("/api/v1/serializers");
        assertThat(handshake.header("Authorization")).isEqualTo("Bearer " + TOKEN);
        assertThat(client.toString()).contains("active=test-text");
    }

    @Test
    void connectUnderABasePathKeepsIt() throws Exception {
        server.enqueue(serializers("java"));

        SessionClient.builder().baseUri(URI.create(server.uri() + "/sessiondata/")).token(TOKEN).build().connect();

        assertThat(server.takeRequest().target()).isEqualTo("/sessiondata/api/v1/serializers");
    }

    @Test
    void putWritesWithTheActiveSerializerAndReturnsTheNewVersion() throws Exception {
        SessionClient client = client("java");
        server.enqueue(written(201, "v1", "java"));

        String version = client.put("user-42", "hello");

        ScriptedServer.Recorded put = server.takeRequest();
        assertThat(version).isEqualTo("v1");
        assertThat(put.method()).isEqualTo("PUT");
        assertThat(put.target()).isEqualTo("/api/v1/sessions/user-42");
        assertThat(put.header("Content-Type")).isEqualTo("application/vnd.sessiondata.java");
        assertThat(put.header("Authorization")).isEqualTo("Bearer " + TOKEN);
        assertThat(put.header("If-Match")).isNull();
        assertThat(SessionSerializers.create("java", SerializerSettings.defaults())
                .deserialize(put.body(), String.class)).isEqualTo("hello");
    }

    @Test
    void putWithTimeToLiveSendsWholeSecondsRoundedUp() throws Exception {
        SessionClient client = client("test-text");
        server.enqueue(written(200, "v2", "test-text"));

        client.put("user-42", "hello", WriteOptions.ttl(Duration.ofMillis(90_500)));

        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/sessions/user-42?ttl=91");
    }

    @Test
    void putWithTheLongestAllowedTtlAsksForMaxAndKeepsTheIndexValues() throws Exception {
        SessionClient client = client("test-text");
        server.enqueue(written(200, "v2", "test-text"));

        WriteOptions longest = WriteOptions.ttl(Duration.ofMinutes(5)).withPrincipal("alice").withLongestAllowedTtl();
        client.put("user-42", "hello", longest);

        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/sessions/user-42?ttl=max");
        assertThat(longest.ttl()).isEmpty();
        assertThat(longest.indexes()).containsEntry(SessionApi.PRINCIPAL_INDEX, "alice");
        assertThat(WriteOptions.longestAllowedTtl().withPrincipal("bob").longestAllowed()).isTrue();
        assertThat(longest.withTtl(Duration.ofMinutes(1)).longestAllowed()).isFalse();
        assertThatThrownBy(() -> new WriteOptions(Duration.ofMinutes(1), Map.of(), true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("longest");
    }

    @Test
    void putRefusesANonPositiveTimeToLiveAndAnInvalidIdBeforeSending() throws Exception {
        SessionClient client = client("test-text");

        assertThatThrownBy(() -> client.put("user-42", "hello", WriteOptions.ttl(Duration.ZERO)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ttl");
        assertThatThrownBy(() -> client.put("user/42", "hello"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("user/42");
        assertThat(server.pendingRequests()).isZero();
    }

    @Test
    void getReadsWithTheSerializerTheStoredContentTypeNamesNotTheActiveOne() throws Exception {
        SessionClient client = client("test-text");
        server.enqueue(stored("java", java("written before the switch"), "v7"));

        Versioned<String> session = client.get("user-42", String.class).orElseThrow();

        assertThat(session).isEqualTo(new Versioned<>("written before the switch", "v7", EXPIRES, "java"));
        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/sessions/user-42");
    }

    @Test
    void theFirstReadOfAFreshClientSendsOnlyItsRequestAndMakesOnlyTheSerializerOfItsSession() throws Exception {
        SessionClient client = SessionClient.builder().baseUri(server.uri()).token(TOKEN).build();
        int made = TextSerializerProvider.MADE.get();
        server.enqueue(stored("test-text", "hello".getBytes(java.nio.charset.StandardCharsets.UTF_8), "v1")
                .header("Session-Serializer-Active", "java"));

        Versioned<String> session = client.get("user-42", String.class).orElseThrow();

        assertThat(session.value()).isEqualTo("hello");
        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/sessions/user-42");
        assertThat(server.pendingRequests()).isZero();
        assertThat(TextSerializerProvider.MADE.get()).isEqualTo(made + 1);
        assertThat(client.toString()).as("the active serializer, learnt from the answer").contains("active=java");
    }

    @Test
    void deleteAndTouchSendOnlyTheirOwnRequest() throws Exception {
        SessionClient client = SessionClient.builder().baseUri(server.uri()).token(TOKEN).build();
        server.enqueue(Answer.status(204)).enqueue(Answer.status(204));

        assertThat(client.delete("user-42")).isTrue();
        client.touch("user-43");

        assertThat(server.takeRequest().method()).isEqualTo("DELETE");
        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/sessions/user-43/touch");
    }

    @Test
    void aSerializerThatRefusesARegisteredClassOnlyWhenMadeRefusesItAtItsFirstUse() throws Exception {
        SessionClient client = SessionClient.builder().baseUri(server.uri()).token(TOKEN)
                .serializerSettings(SerializerSettings.builder().allowPackages("dev.sessiondata.client").build())
                .registerClasses(TextSerializerProvider.NotText.class).enabledSerializers("test-text").build();
        server.enqueue(stored("test-text", "hello".getBytes(java.nio.charset.StandardCharsets.UTF_8), "v1"));

        assertThatThrownBy(() -> client.get("user-42", String.class))
                .isInstanceOfSatisfying(UnwritableClassException.class,
                        e -> assertThat(e.refusals()).containsOnlyKeys("test-text"))
                .hasMessageContaining("test-text cannot write " + TextSerializerProvider.NotText.class.getName());
    }

    @Test
    void getOfAnAbsentSessionIsEmpty() throws Exception {
        SessionClient client = client("java");
        server.enqueue(Answer.problem(404, "https://sessiondata.dev/problems/session-not-found", "Not Found",
                "no session user-42", ""));

        assertThat(client.get("user-42", String.class)).isEmpty();
    }

    @Test
    void getRefusesASessionWrittenWithASerializerThisClientDidNotEnable() throws Exception {
        SessionClient client = server.connect("java", builder -> builder.enabledSerializers("java"));
        server.enqueue(stored("test-text", "text".getBytes(java.nio.charset.StandardCharsets.UTF_8), "v1"));

        assertThatThrownBy(() -> client.get("user-42", String.class))
                .isInstanceOfSatisfying(SerializerNotEnabledException.class, e -> {
                    assertThat(e.serializerId()).isEqualTo("test-text");
                    assertThat(e.enabled()).containsExactly("java");
                })
                .hasMessageContaining("'test-text'");
    }

    @Test
    void connectRefusesAServiceThatAcceptsNoneOfThisClientsSerializers() {
        server.enqueue(serializers("test-text", "test-text"));

        assertThatThrownBy(() -> SessionClient.builder().baseUri(server.uri()).token(TOKEN)
                .enabledSerializers("java").build().connect())
                .isInstanceOf(SerializerNotEnabledException.class)
                .hasMessageContaining("accepts none of this client's serializers (accepted: [test-text])")
                .hasMessageContaining("active serializer is serializer 'test-text'");
    }

    @Test
    void withoutTheActiveSerializerAClientConnectsAndWritesWithAnAcceptedOneItHas() throws Exception {
        SessionClient client = server.connect("test-text", builder -> builder.enabledSerializers("java"));
        server.enqueue(written(201, "v1", "test-text"));

        assertThat(client.put("user-42", "hello")).isEqualTo("v1");
        assertThat(server.takeRequest().header("Content-Type")).isEqualTo("application/vnd.sessiondata.java");

        server.enqueue(serializers("test-text", "java", "test-text"));
        assertThat(client.fetchWriteSerializer()).isEqualTo("java");
        server.enqueue(serializers("test-text", "java", "test-text"));
        assertThat(client.fetchActiveSerializer()).isEqualTo("test-text");
        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/serializers");
    }

    @Test
    void anActiveSerializerThisClientLacksAnnouncedInAnAnswerMakesItAskWhatIsStillAccepted() throws Exception {
        SessionClient client = server.connect("java", builder -> builder.enabledSerializers("java"));
        server.enqueue(written(200, "v1", "test-text"));
        server.enqueue(serializers("test-text", "java", "test-text"));
        server.enqueue(written(200, "v2", "test-text"));

        client.put("user-42", "first");
        client.put("user-42", "second");

        assertThat(server.takeRequest().header("Content-Type")).isEqualTo("application/vnd.sessiondata.java");
        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/serializers");
        assertThat(server.takeRequest().header("Content-Type")).isEqualTo("application/vnd.sessiondata.java");
        assertThat(server.pendingRequests()).isZero();
    }

    @Test
    void aWriteRefusedBecauseTheWindowClosedIsTheServices415WithTheDependencyToAdd() throws Exception {
        SessionClient client = server.connect("test-text", builder -> builder.enabledSerializers("java"));
        server.enqueue(Answer.problem(415, "https://sessiondata.dev/problems/unsupported-serializer",
                "Unsupported Media Type", "java is not accepted", "\"accepted\":[\"test-text\"]"));
        server.enqueue(serializers("test-text", "test-text"));

        assertThatThrownBy(() -> client.put("user-42", "hello"))
                .isInstanceOfSatisfying(UnsupportedSerializerException.class, e -> {
                    assertThat(e.accepted()).containsExactly("test-text");
                    assertThat(e.getSuppressed()).singleElement().isInstanceOf(SerializerNotEnabledException.class);
                });
    }

    @Test
    void writesFollowAChangedActiveSerializerHeaderFromAnyAnswer() throws Exception {
        SessionClient client = client("java");
        server.enqueue(stored("java", java("old"), "v1").header("Session-Serializer-Active", "test-text"));
        server.enqueue(written(200, "v2", "test-text"));

        client.get("user-42", String.class);
        client.put("user-42", "new");

        server.takeRequest();
        ScriptedServer.Recorded put = server.takeRequest();
        assertThat(client.toString()).contains("active=test-text");
        assertThat(put.header("Content-Type")).isEqualTo("application/vnd.sessiondata.test-text");
        assertThat(put.bodyText()).isEqualTo("new");
    }

    @Test
    void aWriteRefusedWith415ThatAnnouncesANewActiveSerializerIsRetriedOnceWithIt() throws Exception {
        SessionClient client = client("java");
        server.enqueue(Answer.problem(415, "https://sessiondata.dev/problems/unsupported-serializer",
                        "Unsupported Media Type", "java is not accepted", "\"accepted\":[\"test-text\"]")
                .header("Session-Serializer-Active", "test-text"));
        server.enqueue(serializers("test-text", "test-text"));
        server.enqueue(written(200, "v3", "test-text"));

        assertThat(client.put("user-42", "hello")).isEqualTo("v3");

        assertThat(server.takeRequest().header("Content-Type")).isEqualTo("application/vnd.sessiondata.java");
        assertThat(server.takeRequest().target()).isEqualTo("/api/v1/serializers");
        ScriptedServer.Recorded retried = server.takeRequest();
        assertThat(retried.headers().get("Content-Type")).containsExactly("application/vnd.sessiondata.test-text");
        assertThat(retried.headers().get("Content-Digest")).containsExactly(ContentDigest.of(retried.body()));
        assertThat(retried.bodyText()).isEqualTo("hello");
    }

    @Test
    void putIfAbsentCreatesOnlyWhenNothingIsStoredAndReturnsTheNewVersion() throws Exception {
        SessionClient client = client("test-text");
        server.enqueue(written(201, "v1", "test-text"));
        server.enqueue(Answer.problem(412, "https://sessiondata.dev/problems/precondition-failed",
                "Precondition Failed", "exists", ""));

        assertThat(client.putIfAbsent("user-42", "first")).contains("v1");
        assertThat(client.putIfAbsent("user-42", "second")).isEmpty();

        assertThat(server.takeRequest().header("If-None-Match")).isEqualTo("*");
        assertThat(server.takeRequest().header("If-None-Match")).isEqualTo("*");
    }

    @Test
    void replaceSendsTheExpectedVersionAndReportsAConflictWithItsProblem() throws Exception {
        SessionClient client = client("test-text");
        server.enqueue(written(200, "v2", "test-text"));
        server.enqueue(Answer.problem(412, "https://sessiondata.dev/problems/precondition-failed",
                "Precondition Failed", "session user-42 is at version v3", ""));

        assertThat(client.replace("user-42", "a", "v1")).isEqualTo("v2");
        assertThatThrownBy(() -> client.replace("user-42", "b", "v2"))
                .isInstanceOfSatisfying(ConflictException.class, e -> {
                    assertThat(e.status()).isEqualTo(412);
                    assertThat(e.problem().detail()).isEqualTo("session user-42 is at version v3");
                });

        assertThat(server.takeRequest().header("If-Match")).isEqualTo("\"v1\"");
        assertThat(server.takeRequest().header("If-Match")).isEqualTo("\"v2\"");
    }

    @Test
    void deleteSaysWhetherTheSessionExisted() throws Exception {
        SessionClient client = client("java");
        server.enqueue(Answer.status(204));
        server.enqueue(Answer.problem(404, "about:blank", "Not Found", "no session", ""));

        assertThat(client.delete("user-42")).isTrue();
        assertThat(client.delete("user-42")).isFalse();
        assertThat(server.takeRequest().method()).isEqualTo("DELETE");
    }

    @Test
    void aConditionalDeleteSendsTheVersionAndReportsAConflictOrAnAbsentSession() throws Exception {
        SessionClient client = client("java");
        server.enqueue(Answer.status(204));
        server.enqueue(Answer.problem(412, "https://sessiondata.dev/problems/precondition-failed",
                "Precondition Failed", "session user-42 is at version v3", ""));
        server.enqueue(Answer.problem(404, "about:blank", "Not Found", "no session", ""));

        assertThat(client.delete("user-42", "v1")).isTrue();
        assertThatThrownBy(() -> client.delete("user-42", "v2"))
                .isInstanceOfSatisfying(ConflictException.class, e -> assertThat(e.status()).isEqualTo(412));
        assertThat(client.delete("user-42", "v3")).isFalse();

        ScriptedServer.Recorded delete = server.takeRequest();
        assertThat(delete.method()).isEqualTo("DELETE");
        assertThat(delete.header("If-Match")).isEqualTo("\"v1\"");
        assertThat(server.takeRequest().header("If-Match")).isEqualTo("\"v2\"");
    }

    @Test
    void touchPostsAndReportsAnAbsentSession() throws Exception {
        SessionClient client = client("java");
        server.enqueue(Answer.status(204));
        server.enqueue(Answer.problem(404, "about:blank", "Not Found", "no session user-42", ""));

        client.touch("user-42");
        assertThatThrownBy(() -> client.touch("user-42")).isInstanceOf(SessionNotFoundException.class);

        ScriptedServer.Recorded touch = server.takeRequest();
        assertThat(touch.method()).isEqualTo("POST");
        assertThat(touch.target()).isEqualTo("/api/v1/sessions/user-42/touch");
    }

    @Test
    void aRequestThatGetsNoAnswerKeepsItsIOExceptionAsTheCause() throws Exception {
        SessionClient client = client("java");
        server.close();

        assertThatThrownBy(() -> client.get("user-42", String.class))
                .isInstanceOfSatisfying(SessionTransportException.class,
                        e -> assertThat(e.getCause()).isInstanceOf(ConnectException.class))
                .hasMessageContaining("GET /api/v1/sessions/user-42");
    }

    @Test
    void aSessionLargerThanTheSettingsAllowIsNotBuffered() throws Exception {
        SessionClient client = server.connect("java",
                builder -> builder.serializerSettings(SerializerSettings.builder().maxPayloadBytes(100).build()));
        server.enqueue(stored("java", new byte[101], "v1"));

        assertThatThrownBy(() -> client.get("user-42", String.class))
                .isInstanceOf(SessionTransportException.class)
                .hasMessageContaining("exceeds the limit of 100 bytes");
    }

    @Test
    void aContentTypeThatNamesNoSerializerIsReported() throws Exception {
        SessionClient client = client("java");
        server.enqueue(Answer.status(200).header("ETag", "\"v1\"").header("Session-Expires-At", EXPIRES.toString())
                .body("text/html", "<html>proxy</html>"));

        assertThatThrownBy(() -> client.get("user-42", String.class))
                .isInstanceOf(SessionClientException.class)
                .hasMessageContaining("'text/html', which names no serializer");
    }
}
