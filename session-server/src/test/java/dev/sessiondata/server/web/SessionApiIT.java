package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RunningServer;
import dev.sessiondata.server.support.SharedServers;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/** Every status code of the session endpoints, over real HTTP, on the memory store. */
class SessionApiIT {

    private static final int MAX_SIZE = SharedServers.MAX_SIZE;

    private final RunningServer server = SharedServers.memory();
    private final Api writer = server.writer();

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static void assertProblem(HttpResponse<byte[]> response, ProblemType type) {
        assertThat(response.statusCode()).isEqualTo(type.status());
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                contentType -> assertThat(contentType).startsWith(SessionApi.PROBLEM_MEDIA_TYPE));
        assertThat(new String(response.body(), StandardCharsets.UTF_8))
                .contains("\"type\":\"" + type.uri() + "\"")
                .contains("\"status\":" + type.status());
    }

    @Test
    void aNewSessionIsCreatedWith201AndItsVersion() {
        HttpResponse<byte[]> created = writer.put("created", bytes("hello"), "java");

        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.headers().firstValue("ETag")).hasValueSatisfying(tag -> assertThat(tag).matches("\"[0-9a-f]{16}\""));
        assertThat(created.headers().firstValue("Location")).contains(SessionApi.SESSIONS_PATH + "/created");
        assertThat(created.headers().firstValue(SessionApi.SERIALIZER_ACTIVE_HEADER)).contains("java");
        assertThat(Instant.parse(created.headers().firstValue(SessionApi.EXPIRES_AT_HEADER).orElseThrow()))
                .isAfter(Instant.now().plus(Duration.ofMinutes(29)));
    }

    @Test
    void writingAnExistingSessionReplacesItWith200() {
        writer.put("replaced", bytes("one"), "java");
        HttpResponse<byte[]> replaced = writer.put("replaced", bytes("two"), "java");

        assertThat(replaced.statusCode()).isEqualTo(200);
        assertThat(writer.get("replaced").body()).isEqualTo(bytes("two"));
    }

    @Test
    void aReadReturnsTheBytesWithTheirMediaTypeVersionAndExpiry() {
        byte[] body = {(byte) 0xac, (byte) 0xed, 0, 5, 1, 2, 3};
        String etag = writer.put("read", body, "java")
                .headers().firstValue("ETag").orElseThrow();

        HttpResponse<byte[]> read = server.reader().get("read");

        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.body()).isEqualTo(body);
        assertThat(read.headers().firstValue("Content-Type")).contains("application/vnd.sessiondata.java");
        assertThat(read.headers().firstValue("ETag")).contains(etag);
        assertThat(read.headers().firstValue(SessionApi.SERIALIZER_ACTIVE_HEADER)).contains("java");
        assertThat(read.headers().firstValue(SessionApi.EXPIRES_AT_HEADER)).isPresent();
    }

    @Test
    void headAnswersTheHeadersWithoutTheBody() {
        writer.put("head", bytes("twelve bytes"), "java");

        HttpResponse<byte[]> head = writer.send("HEAD", SessionApi.SESSIONS_PATH + "/head", HttpRequest.BodyPublishers.noBody());

        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(head.headers().firstValue("Content-Type")).contains("application/vnd.sessiondata.java");
        assertThat(head.headers().firstValue("ETag")).isPresent();
        assertThat(writer.send("HEAD", SessionApi.SESSIONS_PATH + "/absent", HttpRequest.BodyPublishers.noBody())
                .statusCode()).isEqualTo(404);
    }

    @Test
    void aReadSlidesTheExpiryAndAHeadDoesNot() {
        Instant written = expiresAt(writer.send("PUT", SessionApi.SESSIONS_PATH + "/sliding?ttl=600",
                HttpRequest.BodyPublishers.ofByteArray(bytes("x")), "Content-Type", SessionApi.mediaTypeOf("java")));

        Instant afterRead = expiresAt(writer.get("sliding"));
        Instant afterHead = expiresAt(writer.send("HEAD", SessionApi.SESSIONS_PATH + "/sliding", HttpRequest.BodyPublishers.noBody()));

        assertThat(afterRead).isAfterOrEqualTo(written);
        assertThat(afterHead).isEqualTo(afterRead);
    }

    private static Instant expiresAt(HttpResponse<byte[]> response) {
        return Instant.parse(response.headers().firstValue(SessionApi.EXPIRES_AT_HEADER).orElseThrow());
    }

    @Test
    void aReadWithTheCurrentVersionInIfNoneMatchIs304() {
        String etag = writer.put("cached", bytes("x"), "java").headers().firstValue("ETag").orElseThrow();

        HttpResponse<byte[]> notModified = writer.get("cached", "If-None-Match", etag);

        assertThat(notModified.statusCode()).isEqualTo(304);
        assertThat(notModified.body()).isEmpty();
        assertThat(writer.get("cached", "If-None-Match", "\"0000000000000000\"").statusCode()).isEqualTo(200);
    }

    @Test
    void anAbsentSessionIs404() {
        assertProblem(writer.get("never-written"), ProblemType.NOT_FOUND);
        assertProblem(writer.delete("never-written"), ProblemType.NOT_FOUND);
        assertProblem(writer.send("POST", SessionApi.SESSIONS_PATH + "/never-written/touch",
                HttpRequest.BodyPublishers.noBody()), ProblemType.NOT_FOUND);
    }

    @Test
    void anUnknownPathIs404() {
        assertProblem(writer.send("GET", SessionApi.BASE_PATH + "/nothing-here", HttpRequest.BodyPublishers.noBody()),
                ProblemType.NOT_FOUND);
        assertProblem(server.anonymous().send("GET", "/actuator/env", HttpRequest.BodyPublishers.noBody()),
                ProblemType.NOT_FOUND);
    }

    /** The container forwards its errors to {@code /error}; asked for directly, it is no endpoint and no failure. */
    @Test
    void errorIsNotAnEndpointAndAskingForItIsNoInternalError() {
        Counter internalErrors = server.bean(MeterRegistry.class).get("sessiondata.requests.rejected")
                .tag("reason", ProblemType.INTERNAL_ERROR.slug()).counter();
        double before = internalErrors.count();

        for (String method : new String[] {"GET", "POST", "DELETE"}) {
            assertProblem(server.anonymous().send(method, "/error", HttpRequest.BodyPublishers.noBody()),
                    ProblemType.NOT_FOUND);
        }
        assertProblem(writer.send("GET", "/error", HttpRequest.BodyPublishers.noBody()), ProblemType.NOT_FOUND);
        assertThat(internalErrors.count()).isEqualTo(before);
    }

    /** The bytes exist in one media type only; a client learns which from Content-Type, so Accept cannot refuse them. */
    @Test
    void aReadAnswersTheStoredMediaTypeWhateverTheRequestAccepts() {
        writer.put("accept", bytes("x"), "java");

        HttpResponse<byte[]> read = writer.get("accept", "Accept", "application/json");
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.headers().firstValue("Content-Type")).contains(SessionApi.mediaTypeOf("java"));
    }

    @Test
    void anErrorIsAProblemDocumentWhateverTheRequestAccepts() {
        assertProblem(writer.get("not-there", "Accept", SessionApi.mediaTypeOf("java")), ProblemType.NOT_FOUND);
    }

    @Test
    void aMethodTheResourceDoesNotHaveIs405() {
        assertProblem(writer.send("PATCH", SessionApi.SESSIONS_PATH + "/any", HttpRequest.BodyPublishers.ofByteArray(bytes("x"))),
                ProblemType.METHOD_NOT_ALLOWED);
    }

    /** The routes of the id change, the index lookup and the change feed answer 405 with their own Allow. */
    @Test
    void theRoutesOfIdChangeIndexAndFeedAre405WithTheirAllow() {
        HttpResponse<byte[]> idChange = writer.send("GET", SessionApi.SESSIONS_PATH + "/any" + SessionApi.ID_PATH,
                HttpRequest.BodyPublishers.noBody());
        assertProblem(idChange, ProblemType.METHOD_NOT_ALLOWED);
        assertThat(idChange.headers().firstValue("Allow")).contains("POST");
        HttpResponse<byte[]> lookup = writer.send("DELETE", SessionApi.BASE_PATH + "/indexes/principal/sessions",
                HttpRequest.BodyPublishers.noBody());
        assertProblem(lookup, ProblemType.METHOD_NOT_ALLOWED);
        assertThat(lookup.headers().firstValue("Allow")).contains("GET, HEAD");
        HttpResponse<byte[]> feed = writer.send("POST", SessionApi.BASE_PATH + "/changes",
                HttpRequest.BodyPublishers.noBody());
        assertProblem(feed, ProblemType.METHOD_NOT_ALLOWED);
        assertThat(feed.headers().firstValue("Allow")).contains("GET, HEAD");
    }

    /** HEAD of the index lookup: the GET's status and type, no body. */
    @Test
    void headOfTheIndexLookupAnswersWithoutABody() {
        HttpResponse<byte[]> head = server.reader().send("HEAD",
                SessionApi.BASE_PATH + "/indexes/principal/sessions?value=nobody%20here", HttpRequest.BodyPublishers.noBody());
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("Content-Type")).contains("application/json");
        assertThat(head.body()).isEmpty();
    }

    @Test
    void aWriteWithTheCurrentVersionSucceedsAndAStaleOneIs412() {
        String first = writer.put("cas", bytes("one"), "java").headers().firstValue("ETag").orElseThrow();
        HttpResponse<byte[]> second = writer.put("cas", bytes("two"), "java", "If-Match", first);

        assertThat(second.statusCode()).isEqualTo(200);
        assertProblem(writer.put("cas", bytes("three"), "java", "If-Match", first), ProblemType.PRECONDITION_FAILED);
        assertThat(writer.get("cas").body()).isEqualTo(bytes("two"));
    }

    @Test
    void createOnlyIs412WhenTheSessionExists() {
        assertThat(writer.put("create-only", bytes("one"), "java", "If-None-Match", "*").statusCode()).isEqualTo(201);
        assertProblem(writer.put("create-only", bytes("two"), "java", "If-None-Match", "*"), ProblemType.PRECONDITION_FAILED);
    }

    @Test
    void deleteIs204AndHonoursIfMatch() {
        String etag = writer.put("deleted", bytes("x"), "java").headers().firstValue("ETag").orElseThrow();

        assertProblem(writer.delete("deleted", "If-Match", "\"0000000000000000\""), ProblemType.PRECONDITION_FAILED);
        assertThat(writer.delete("deleted", "If-Match", etag).statusCode()).isEqualTo(204);
        assertProblem(writer.get("deleted"), ProblemType.NOT_FOUND);
    }

    @Test
    void anIdChangeIs201WithTheNewLocationVersionAndKeptExpiry() {
        HttpResponse<byte[]> written = writer.put("pre-login", bytes("x"), "java");
        String etag = written.headers().firstValue("ETag").orElseThrow();

        HttpResponse<byte[]> changed = writer.send("POST", SessionApi.SESSIONS_PATH + "/pre-login/id",
                HttpRequest.BodyPublishers.noBody(), SessionApi.NEW_ID_HEADER, "post-login", "If-Match", etag);

        assertThat(changed.statusCode()).isEqualTo(201);
        assertThat(changed.headers().firstValue("Location")).contains(SessionApi.SESSIONS_PATH + "/post-login");
        assertThat(changed.headers().firstValue("ETag")).hasValueSatisfying(tag -> assertThat(tag).isNotEqualTo(etag));
        assertThat(changed.headers().firstValue(SessionApi.EXPIRES_AT_HEADER))
                .isEqualTo(written.headers().firstValue(SessionApi.EXPIRES_AT_HEADER));
        assertThat(writer.get("post-login").body()).isEqualTo(bytes("x"));
        assertProblem(writer.get("pre-login"), ProblemType.NOT_FOUND);
    }

    @Test
    void anIdChangeIsRefusedWith404409412And400() {
        String etag = writer.put("change-me", bytes("x"), "java").headers().firstValue("ETag").orElseThrow();
        writer.put("taken", bytes("y"), "java");
        String path = SessionApi.SESSIONS_PATH + "/change-me/id";

        assertProblem(writer.send("POST", SessionApi.SESSIONS_PATH + "/never-written/id",
                HttpRequest.BodyPublishers.noBody(), SessionApi.NEW_ID_HEADER, "n1"), ProblemType.NOT_FOUND);
        assertProblem(writer.send("POST", path, HttpRequest.BodyPublishers.noBody(), SessionApi.NEW_ID_HEADER,
                "taken"), ProblemType.SESSION_EXISTS);
        assertProblem(writer.send("POST", path, HttpRequest.BodyPublishers.noBody(), SessionApi.NEW_ID_HEADER, "n2",
                "If-Match", "\"0000000000000000\""), ProblemType.PRECONDITION_FAILED);
        assertProblem(writer.send("POST", path, HttpRequest.BodyPublishers.noBody()), ProblemType.INVALID_REQUEST);
        assertProblem(writer.send("POST", path, HttpRequest.BodyPublishers.noBody(), SessionApi.NEW_ID_HEADER, ".."),
                ProblemType.INVALID_SESSION_ID);
        assertThat(writer.get("change-me").headers().firstValue("ETag")).contains(etag);
        assertThat(writer.get("taken").body()).isEqualTo(bytes("y"));
    }

    @Test
    void touchIs204AndMovesTheExpiry() {
        writer.put("touched", bytes("x"), "java");
        HttpResponse<byte[]> touched = writer.send("POST", SessionApi.SESSIONS_PATH + "/touched/touch",
                HttpRequest.BodyPublishers.noBody());

        assertThat(touched.statusCode()).isEqualTo(204);
        assertThat(touched.headers().firstValue(SessionApi.EXPIRES_AT_HEADER)).isPresent();
    }

    @Test
    void anUnknownSerializerIs415AndListsTheAcceptedOnes() {
        HttpResponse<byte[]> refused = writer.put("s", bytes("x"), "no-such-serializer");

        assertProblem(refused, ProblemType.UNSUPPORTED_SERIALIZER);
        assertThat(new String(refused.body(), StandardCharsets.UTF_8)).containsPattern("\"accepted\":\\[[^]]*\"java\"");
        assertProblem(writer.send("PUT", SessionApi.SESSIONS_PATH + "/s", HttpRequest.BodyPublishers.ofByteArray(bytes("x")),
                "Content-Type", "application/json"), ProblemType.UNSUPPORTED_SERIALIZER);
    }

    @Test
    void aBodyOverTheLimitIs413() {
        assertProblem(writer.put("big", new byte[MAX_SIZE + 1], "java"), ProblemType.PAYLOAD_TOO_LARGE);
        assertThat(writer.put("big", new byte[MAX_SIZE], "java").statusCode()).isEqualTo(201);
    }

    @Test
    void aDeclaredLengthOverTheLimitIs413BeforeTheBodyIsSent() {
        assertThat(writer.putHeadExpectingContinue("huge", 1L << 30, "java"))
                .startsWith("HTTP/1.1 413")
                .contains("Content-Type: " + SessionApi.PROBLEM_MEDIA_TYPE);
        assertThat(writer.putHeadExpectingContinue("small", 10, "java")).startsWith("HTTP/1.1 100");
    }

    @Test
    void aChunkedBodyOverTheLimitIs413() {
        HttpResponse<byte[]> refused = writer.send("PUT", SessionApi.SESSIONS_PATH + "/chunked",
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[MAX_SIZE * 2])),
                "Content-Type", SessionApi.mediaTypeOf("java"));

        assertProblem(refused, ProblemType.PAYLOAD_TOO_LARGE);
        assertProblem(writer.get("chunked"), ProblemType.NOT_FOUND);
    }

    @Test
    void anInvalidSessionIdIs400() {
        assertProblem(writer.put("has%20space", bytes("x"), "java"), ProblemType.INVALID_SESSION_ID);
        assertProblem(writer.get("x".repeat(129)), ProblemType.INVALID_SESSION_ID);
        assertThat(writer.put("A-z.0_9~", bytes("x"), "java").statusCode()).isEqualTo(201);
    }

    /** URL matching drops path parameters, so {@code a;junk} would otherwise read and write session {@code a}. */
    @Test
    void aPathParameterAfterTheIdIs400NeverAnotherSession() {
        writer.put("plain", bytes("x"), "java");
        assertProblem(writer.get("plain;junk"), ProblemType.INVALID_SESSION_ID);
        assertProblem(writer.put("plain;v=1", bytes("y"), "java"), ProblemType.INVALID_SESSION_ID);
        assertProblem(writer.delete("plain;junk"), ProblemType.INVALID_SESSION_ID);
        assertThat(writer.get("plain").body()).isEqualTo(bytes("x"));
    }

    @Test
    void anEmptyBodyIs400AndNothingIsStored() {
        assertProblem(writer.put("empty", new byte[0], "java"), ProblemType.INVALID_REQUEST);
        assertProblem(writer.get("empty"), ProblemType.NOT_FOUND);
    }

    @Test
    void aMalformedIfNoneMatchIsNamedInItsProblem() {
        writer.put("tagged", bytes("x"), "java");
        HttpResponse<byte[]> refused = writer.get("tagged", "If-None-Match", "not-quoted");
        assertProblem(refused, ProblemType.INVALID_REQUEST);
        assertThat(new String(refused.body(), StandardCharsets.UTF_8)).contains("If-None-Match takes")
                .doesNotContain("If-Match takes");
    }

    /** {@code .} and {@code ..} match the id characters but a normalising client or proxy never delivers them. */
    @Test
    void theDotSegmentIdsAre400OnEveryOperation() {
        for (String id : new String[] {"%2E", "%2E%2E", "%2e"}) {
            assertProblem(writer.put(id, bytes("x"), "java"), ProblemType.INVALID_SESSION_ID);
            assertProblem(writer.get(id), ProblemType.INVALID_SESSION_ID);
            assertThat(writer.send("HEAD", SessionApi.SESSIONS_PATH + "/" + id, HttpRequest.BodyPublishers.noBody())
                    .statusCode()).isEqualTo(ProblemType.INVALID_SESSION_ID.status());
            assertProblem(writer.delete(id), ProblemType.INVALID_SESSION_ID);
            assertProblem(writer.send("POST", SessionApi.SESSIONS_PATH + "/" + id + "/touch",
                    HttpRequest.BodyPublishers.noBody()), ProblemType.INVALID_SESSION_ID);
        }
        assertThat(writer.put("...", bytes("x"), "java").statusCode()).isEqualTo(201);
    }

    @Test
    void aTtlOfDigitsOtherThanAsciiIs400() {
        for (String ttl : new String[] {"%EF%BC%96%EF%BC%90", "%D9%A6%D9%A0", "%2B60"}) {
            assertProblem(writer.send("PUT", SessionApi.SESSIONS_PATH + "/ttl-digits?ttl=" + ttl,
                    HttpRequest.BodyPublishers.ofByteArray(bytes("x")), "Content-Type", SessionApi.mediaTypeOf("java")),
                    ProblemType.INVALID_TTL);
        }
        assertProblem(writer.get("ttl-digits"), ProblemType.NOT_FOUND);
    }

    /** RFC 9110 8.3.1: type, subtype and parameter names are case-insensitive. */
    @Test
    void theSerializerMediaTypeIsMatchedWhateverItsCase() {
        HttpResponse<byte[]> write = writer.send("PUT", SessionApi.SESSIONS_PATH + "/mixed-case",
                HttpRequest.BodyPublishers.ofByteArray(bytes("x")), "Content-Type", "Application/Vnd.SessionData.Java");
        assertThat(write.statusCode()).isEqualTo(201);

        HttpResponse<byte[]> read = writer.get("mixed-case");
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.headers().firstValue("Content-Type")).contains(SessionApi.mediaTypeOf("java"));
    }

    @Test
    void aTtlThatIsNotFromOneSecondToTheMaximumIs400() {
        int max = SharedServers.MAX_TTL_SECONDS;
        for (String ttl : new String[] {"0", "-5", String.valueOf(max + 1), "ten", "1.5", "MAX", "maximum"}) {
            assertProblem(writer.send("PUT", SessionApi.SESSIONS_PATH + "/ttl?ttl=" + ttl,
                    HttpRequest.BodyPublishers.ofByteArray(bytes("x")), "Content-Type", SessionApi.mediaTypeOf("java")),
                    ProblemType.INVALID_TTL);
        }
        HttpResponse<byte[]> longest = writer.send("PUT", SessionApi.SESSIONS_PATH + "/ttl?ttl=" + max,
                HttpRequest.BodyPublishers.ofByteArray(bytes("x")), "Content-Type", SessionApi.mediaTypeOf("java"));
        assertThat(longest.statusCode()).isEqualTo(201);
        assertThat(Instant.parse(longest.headers().firstValue(SessionApi.EXPIRES_AT_HEADER).orElseThrow()))
                .isBefore(Instant.now().plusSeconds(max + 1));
    }

    @Test
    void aTtlOfMaxIsTheLongestAllowedAndStillSlides() {
        int max = SharedServers.MAX_TTL_SECONDS;
        Instant before = Instant.now();
        HttpResponse<byte[]> longest = writer.send("PUT", SessionApi.SESSIONS_PATH + "/ttl-max?ttl="
                + SessionApi.TTL_LONGEST, HttpRequest.BodyPublishers.ofByteArray(bytes("x")), "Content-Type",
                SessionApi.mediaTypeOf("java"));

        assertThat(longest.statusCode()).isEqualTo(201);
        Instant written = expiresAt(longest);
        assertThat(written).isAfterOrEqualTo(before.plusSeconds(max).truncatedTo(ChronoUnit.SECONDS))
                .isBefore(Instant.now().plusSeconds(max + 1));
        assertThat(expiresAt(writer.get("ttl-max"))).isAfterOrEqualTo(written);
    }

    @Test
    void aMissingOrUnknownTokenIs401() {
        HttpResponse<byte[]> anonymous = server.anonymous().get("any");
        assertProblem(anonymous, ProblemType.UNAUTHORIZED);
        assertThat(anonymous.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(
                value -> assertThat(value).startsWith("Bearer"));
        assertThat(anonymous.headers().firstValue(SessionApi.SERIALIZER_ACTIVE_HEADER)).contains("java");
        assertProblem(server.anonymous().send("GET", SessionApi.SESSIONS_PATH + "/any", HttpRequest.BodyPublishers.noBody(),
                "Authorization", "Bearer wrong-token-of-the-right-length"), ProblemType.UNAUTHORIZED);
    }

    @Test
    void aWriteWithAReadTokenIs403() {
        assertProblem(server.reader().put("forbidden", bytes("x"), "java"), ProblemType.FORBIDDEN);
        assertProblem(server.reader().delete("forbidden"), ProblemType.FORBIDDEN);
        assertProblem(server.reader().get("forbidden"), ProblemType.NOT_FOUND);
    }

    @Test
    void theSerializersEndpointNamesActiveAcceptedAndAvailable() {
        HttpResponse<byte[]> serializers = server.reader().send("GET", SessionApi.SERIALIZERS_PATH,
                HttpRequest.BodyPublishers.noBody());

        assertThat(serializers.statusCode()).isEqualTo(200);
        assertThat(new String(serializers.body(), StandardCharsets.UTF_8))
                .startsWith("{\"active\":\"java\",\"accepted\":[")
                .contains("\"available\":[");
    }
}
