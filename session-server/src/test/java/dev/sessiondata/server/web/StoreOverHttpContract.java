package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.api.ProblemType;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RunningServer;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the server must do over HTTP on every store: lose no update under contention, let the store expire
 * sessions, keep a session's ttl across writes without one, and check and keep the body's digest (RFC 9530).
 * Each store's server test extends this.
 */
abstract class StoreOverHttpContract {

    private static final int THREADS = 16;
    private static final int INCREMENTS = 200;
    private static final SessionSerializer JAVA = SessionSerializers.create("java", SerializerSettings.defaults());

    /** The server under test, with the store under test. */
    protected abstract RunningServer server();

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration EIGHT_HOURS = Duration.ofSeconds(28_800);

    static String uniqueId(String name) {
        return name + "-" + UUID.randomUUID();
    }

    /**
     * Sixteen threads read, increment and write back one session with {@code If-Match}, retrying on 412. Each thread
     * counts in a slot of its own, so the final session shows a lost update and a double one alike, and so that a
     * write whose answer the client never got is settled by reading again: only its thread changes its slot. Such a
     * write failed this test once in CI on JDK 17 ("HTTP/1.1 header parser received no bytes" on a {@code PUT}): JDK
     * 17's HTTP client can hand the answer on a reused connection to its idle-connection watcher, which closes the
     * connection after the server applied the write (JDK-8338569, fixed in JDK 24; 17.0.15's {@code SocketTube} still
     * has the old subscription hand-over), and it retries no {@code PUT}. Retried blindly, the write would count twice.
     */
    @Test
    void sixteenThreadsIncrementingOneCounterWithIfMatchLoseNoUpdate() throws Exception {
        Api api = server().writer();
        String id = uniqueId("counter");
        assertThat(api.put(id, JAVA.serialize(new int[THREADS]), "java").statusCode()).isEqualTo(201);
        AtomicInteger conflicts = new AtomicInteger();
        AtomicInteger answersLost = new AtomicInteger();

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Callable<Void>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int slot = t;
                workers.add(() -> {
                    for (int i = 0; i < INCREMENTS; i++) {
                        boolean answerLost = false;
                        while (true) {
                            HttpResponse<byte[]> read = api.get(id);
                            int[] counts = JAVA.deserialize(read.body(), int[].class);
                            if (answerLost && counts[slot] == i + 1) {
                                break; // the write whose answer was lost was applied
                            }
                            assertThat(counts[slot]).as("thread %d's count", slot).isEqualTo(i);
                            counts[slot]++;
                            HttpResponse<byte[]> written;
                            try {
                                written = api.put(id, JAVA.serialize(counts), "java",
                                        "If-Match", read.headers().firstValue("ETag").orElseThrow());
                            } catch (UncheckedIOException noAnswer) {
                                answersLost.incrementAndGet();
                                answerLost = true;
                                continue;
                            }
                            if (written.statusCode() == 200) {
                                break;
                            }
                            assertThat(written.statusCode()).isEqualTo(412);
                            conflicts.incrementAndGet();
                        }
                    }
                    return null;
                });
            }
            for (Future<Void> done : pool.invokeAll(workers)) {
                done.get();
            }
        } finally {
            pool.shutdownNow();
        }

        int[] counts = JAVA.deserialize(api.get(id).body(), int[].class);
        assertThat(counts).hasSize(THREADS).containsOnly(INCREMENTS);
        // a lost answer is the client's rare fault; a server that dropped connections would lose hundreds
        assertThat(answersLost).as("writes whose answer was lost").hasValueLessThan(THREADS * INCREMENTS / 100);
        System.out.printf("%s: %d increments, %d conflicts retried, %d answers lost%n", getClass().getSimpleName(),
                THREADS * INCREMENTS, conflicts.get(), answersLost.get());
    }

    private JsonNode sessionsOf(Api api, String principal, String query) {
        HttpResponse<byte[]> answer = api.send("GET", SessionApi.BASE_PATH + "/indexes/principal/sessions?value="
                + URLEncoder.encode(principal, StandardCharsets.UTF_8) + query, HttpRequest.BodyPublishers.noBody());
        assertThat(answer.statusCode()).isEqualTo(200);
        return JsonMapper.shared().readTree(answer.body());
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.path("sessions").forEach(session -> ids.add(session.path("id").asString()));
        return ids;
    }

    static String[] principal(String name) {
        return new String[] {SessionApi.INDEX_HEADER, "principal=" + URLEncoder.encode(name, StandardCharsets.UTF_8)};
    }

    /**
     * A write's {@code Session-Index} lists the session under its principal, for a reader to look up with the
     * versions; a write without it and a delete take it off again, and pages follow the cursor.
     */
    @Test
    void theSessionsOfAPrincipalAreListedFromTheWritesThatNameIt() {
        Api writer = server().writer();
        String principal = "ada lovelace+" + UUID.randomUUID() + "@example.com";
        String first = uniqueId("a");
        String second = uniqueId("b");
        String etag = writer.put(first, new byte[] {1}, "java", principal(principal)).headers()
                .firstValue("ETag").orElseThrow();
        writer.put(second, new byte[] {2}, "java", principal(principal));
        writer.put(uniqueId("other"), new byte[] {3}, "java", principal("someone else " + principal));

        JsonNode all = sessionsOf(server().reader(), principal, "");
        assertThat(ids(all)).containsExactly(first, second);
        assertThat(all.path("value").asString()).isEqualTo(principal);
        assertThat("\"" + all.path("sessions").get(0).path("version").asString() + "\"").isEqualTo(etag);
        JsonNode page = sessionsOf(server().reader(), principal, "&limit=1");
        assertThat(ids(page)).containsExactly(first);
        assertThat(ids(sessionsOf(server().reader(), principal, "&limit=1&after=" + page.path("next").asString())))
                .containsExactly(second);

        writer.put(second, new byte[] {2}, "java");
        writer.delete(first);

        assertThat(ids(sessionsOf(server().reader(), principal, ""))).isEmpty();
    }

    @Test
    void aSessionIndexTheServiceDoesNotKeepIsRefusedAndNothingIsStored() {
        Api writer = server().writer();
        String id = uniqueId("refused");

        HttpResponse<byte[]> refused = writer.put(id, new byte[] {1}, "java", SessionApi.INDEX_HEADER, "tenant=acme");
        HttpResponse<byte[]> twice = writer.put(id, new byte[] {1}, "java", SessionApi.INDEX_HEADER,
                "principal=a, principal=b");

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(new String(refused.body(), StandardCharsets.UTF_8)).contains(ProblemType.INVALID_INDEX.uri().toString());
        assertThat(twice.statusCode()).isEqualTo(400);
        assertThat(writer.get(id).statusCode()).isEqualTo(404);
        HttpResponse<byte[]> lookup = server().reader().send("GET", SessionApi.BASE_PATH + "/indexes/tenant/sessions?value=x",
                HttpRequest.BodyPublishers.noBody());
        assertThat(lookup.statusCode()).isEqualTo(400);
    }

    @Test
    void aSessionWrittenWithATtlOfOneSecondIsGoneTwoSecondsLater() {
        Api api = server().writer();
        String id = uniqueId("short-lived");
        HttpResponse<byte[]> created = api.send("PUT", SessionApi.SESSIONS_PATH + "/" + id + "?ttl=1",
                HttpRequest.BodyPublishers.ofByteArray(JAVA.serialize("soon gone")),
                "Content-Type", SessionApi.mediaTypeOf("java"));
        assertThat(created.statusCode()).isEqualTo(201);
        long written = System.nanoTime(); // the write happened before its answer: the bound is only stricter

        // HEAD does not slide the expiry (a GET would: every poll would keep the session alive)
        Duration left = Duration.ofSeconds(2).minusNanos(System.nanoTime() - written);
        await().atMost(left).pollInterval(Duration.ofMillis(100)).until(() ->
                api.send("HEAD", SessionApi.SESSIONS_PATH + "/" + id, HttpRequest.BodyPublishers.noBody()).statusCode() == 404);
        assertThat(api.get(id).statusCode()).isEqualTo(404);
    }

    @Test
    void anUpdateWithoutTtlKeepsTheEightHoursTheSessionWasWrittenWith() {
        Api api = server().writer();
        String id = uniqueId("eight-hours");
        assertThat(putWithTtl(api, id, "first", "?ttl=28800").statusCode()).isEqualTo(201);

        Instant beforeUpdate = Instant.now();
        HttpResponse<byte[]> updated = api.put(id, JAVA.serialize("second"), "java");
        HttpResponse<byte[]> read = api.get(id);

        assertThat(updated.statusCode()).isEqualTo(200);
        assertThat(expiresAt(updated)).isAfterOrEqualTo(beforeUpdate.plus(EIGHT_HOURS).minusSeconds(1))
                .isBefore(Instant.now().plus(EIGHT_HOURS).plusSeconds(1));
        assertThat(expiresAt(read)).isAfterOrEqualTo(expiresAt(updated));
        assertThat(JAVA.deserialize(read.body(), String.class)).isEqualTo("second");
    }

    @Test
    void aNewSessionWrittenWithoutTtlGetsTheDefaultAndAnExplicitTtlStillReplacesTheKeptOne() {
        Api api = server().writer();
        String id = uniqueId("default-ttl");
        Instant before = Instant.now();
        HttpResponse<byte[]> created = api.put(id, JAVA.serialize("new"), "java");
        assertThat(expiresAt(created)).isBefore(before.plus(EIGHT_HOURS));

        putWithTtl(api, id, "long", "?ttl=28800");
        HttpResponse<byte[]> shortened = putWithTtl(api, id, "short", "?ttl=60");
        assertThat(expiresAt(shortened)).isBefore(Instant.now().plusSeconds(61));
    }

    @Test
    void aWriteWithAMatchingContentDigestIsStoredAndReadsAnswerItsReprDigest() throws Exception {
        Api api = server().writer();
        String id = uniqueId("digest");
        byte[] body = JAVA.serialize("checked");
        String sha256 = member("SHA-256", body);

        HttpResponse<byte[]> written = api.put(id, body, "java", SessionApi.CONTENT_DIGEST_HEADER,
                member("SHA-512", body) + ", " + sha256 + ", crc32c=:AAAAAA==:");
        assertThat(written.statusCode()).isEqualTo(201);

        HttpResponse<byte[]> read = api.get(id);
        HttpResponse<byte[]> head = api.send("HEAD", SessionApi.SESSIONS_PATH + "/" + id, HttpRequest.BodyPublishers.noBody());
        assertThat(read.body()).isEqualTo(body);
        assertThat(read.headers().firstValue(SessionApi.REPR_DIGEST_HEADER).orElseThrow()).startsWith(sha256 + ", sha-512=:");
        assertThat(head.headers().firstValue(SessionApi.REPR_DIGEST_HEADER))
                .isEqualTo(read.headers().firstValue(SessionApi.REPR_DIGEST_HEADER));
    }

    @Test
    void aWriteWithoutContentDigestGetsTheServersSha256() throws Exception {
        Api api = server().writer();
        String id = uniqueId("digest-computed");
        byte[] body = JAVA.serialize("unchecked on the way in");
        api.put(id, body, "java");

        assertThat(api.get(id).headers().firstValue(SessionApi.REPR_DIGEST_HEADER))
                .contains(member("SHA-256", body));
    }

    @Test
    void aWriteWhoseContentDigestDoesNotMatchIsRefusedAndStoresNothing() throws Exception {
        Api api = server().writer();
        String id = uniqueId("digest-mismatch");
        byte[] body = JAVA.serialize("sent");
        String otherBody = member("SHA-256", JAVA.serialize("meant"));

        HttpResponse<byte[]> refused = api.put(id, body, "java", SessionApi.CONTENT_DIGEST_HEADER, otherBody);
        HttpResponse<byte[]> malformed = api.put(id, body, "java", SessionApi.CONTENT_DIGEST_HEADER, "sha-256=not-a-byte-sequence");

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.headers().firstValue("Content-Type")).contains(SessionApi.PROBLEM_MEDIA_TYPE);
        assertThat(new String(refused.body(), StandardCharsets.UTF_8)).contains(ProblemType.DIGEST_MISMATCH.uri().toString());
        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(new String(malformed.body(), StandardCharsets.UTF_8)).contains(ProblemType.INVALID_REQUEST.uri().toString());
        assertThat(api.get(id).statusCode()).isEqualTo(404);
    }

    @Test
    void aContentDigestOnTwoFieldLinesIsOneDictionary() throws Exception {
        Api api = server().writer();
        String id = uniqueId("digest-two-lines");
        byte[] body = JAVA.serialize("two lines");
        String sha256 = member("SHA-256", body);

        HttpResponse<byte[]> refused = api.put(id, body, "java", SessionApi.CONTENT_DIGEST_HEADER, "md5=:AAAA:",
                SessionApi.CONTENT_DIGEST_HEADER, member("SHA-256", new byte[0]));
        HttpResponse<byte[]> written = api.put(id, body, "java", SessionApi.CONTENT_DIGEST_HEADER, "md5=:AAAA:",
                SessionApi.CONTENT_DIGEST_HEADER, sha256);

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(written.statusCode()).isEqualTo(201);
    }

    @Test
    void anUnsupportedAlgorithmAloneIsIgnored() {
        Api api = server().writer();
        String id = uniqueId("digest-unknown");
        HttpResponse<byte[]> written = api.put(id, JAVA.serialize("x"), "java", SessionApi.CONTENT_DIGEST_HEADER, "md5=:AAAA:");

        assertThat(written.statusCode()).isEqualTo(201);
        assertThat(api.get(id).headers().firstValue(SessionApi.REPR_DIGEST_HEADER).orElseThrow()).startsWith("sha-256=:");
    }

    @Test
    void aBatchTouchMovesTheExpiryOfTheSessionsFoundAndListsTheOthers() {
        Api api = server().writer();
        String first = uniqueId("batch-touch");
        String second = uniqueId("batch-touch");
        String absent = uniqueId("batch-touch-absent");
        putWithTtl(api, first, "one", "?ttl=60");
        putWithTtl(api, second, "two", "?ttl=28800");
        Instant before = Instant.now();

        HttpResponse<byte[]> touched = touchBatch(api, "{\"ids\": [\"" + first + "\", \"" + absent + "\", \""
                + second + "\", \"" + first + "\"]}");

        assertThat(touched.statusCode()).isEqualTo(200);
        JsonNode answer = JSON.readTree(touched.body());
        assertThat(answer.get("touched")).hasSize(2);
        assertThat(answer.get("touched").get(0).get("id").asString()).isEqualTo(first);
        assertThat(answer.get("touched").get(1).get("id").asString()).isEqualTo(second);
        Instant firstExpires = Instant.parse(answer.get("touched").get(0).get("expiresAt").asString());
        Instant secondExpires = Instant.parse(answer.get("touched").get(1).get("expiresAt").asString());
        assertThat(firstExpires).isAfterOrEqualTo(before.plusSeconds(60).minusMillis(1))
                .isBefore(Instant.now().plusSeconds(61));
        assertThat(secondExpires).isAfterOrEqualTo(before.plus(EIGHT_HOURS).minusMillis(1));
        assertThat(answer.get("missing")).hasSize(1);
        assertThat(answer.get("missing").get(0).asString()).isEqualTo(absent);
        // HEAD only looks, so it shows the expiry the touch set
        assertThat(expiresAt(api.send("HEAD", SessionApi.SESSIONS_PATH + "/" + first,
                HttpRequest.BodyPublishers.noBody()))).isEqualTo(firstExpires);
        api.delete(first);
        api.delete(second);
    }

    @Test
    void aBatchTouchOfBadInputIsAProblemAndTouchesNothing() {
        Api api = server().writer();
        String id = uniqueId("batch-touch-bad");
        putWithTtl(api, id, "one", "?ttl=60");
        Instant written = expiresAt(api.send("HEAD", SessionApi.SESSIONS_PATH + "/" + id,
                HttpRequest.BodyPublishers.noBody()));
        String tooMany = "{\"ids\": [" + String.join(",", Collections.nCopies(1001, "\"" + id + "\"")) + "]}";

        assertProblem(touchBatch(api, "[\"" + id + "\""), 400, ProblemType.INVALID_REQUEST);
        assertProblem(touchBatch(api, "{\"id\": \"" + id + "\"}"), 400, ProblemType.INVALID_REQUEST);
        assertProblem(touchBatch(api, "{\"ids\": [\"" + id + "\", 7]}"), 400, ProblemType.INVALID_REQUEST);
        assertProblem(touchBatch(api, "{\"ids\": [\"" + id + "\", \"a;b\"]}"), 400, ProblemType.INVALID_SESSION_ID);
        assertProblem(touchBatch(api, tooMany), 413, ProblemType.PAYLOAD_TOO_LARGE);
        assertProblem(api.send("POST", SessionApi.TOUCHES_PATH, HttpRequest.BodyPublishers.ofString(
                "{\"ids\": [\"" + id + "\"]}"), "Content-Type", "text/plain"), 415, ProblemType.UNSUPPORTED_MEDIA_TYPE);
        assertProblem(touchBatch(server().reader(), "{\"ids\": [\"" + id + "\"]}"), 403, ProblemType.FORBIDDEN);

        assertThat(expiresAt(api.send("HEAD", SessionApi.SESSIONS_PATH + "/" + id,
                HttpRequest.BodyPublishers.noBody()))).isEqualTo(written);
        api.delete(id);
    }

    private static HttpResponse<byte[]> touchBatch(Api api, String body) {
        return api.send("POST", SessionApi.TOUCHES_PATH, HttpRequest.BodyPublishers.ofString(body),
                "Content-Type", "application/json");
    }

    private static void assertProblem(HttpResponse<byte[]> response, int status, ProblemType type) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains(type.uri().toString());
    }

    /** The RFC 9530 dictionary member of {@code algorithm} ("SHA-256", "SHA-512") for {@code body}. */
    static String member(String algorithm, byte[] body) throws Exception {
        return algorithm.toLowerCase(Locale.ROOT) + "=:"
                + Base64.getEncoder().encodeToString(MessageDigest.getInstance(algorithm).digest(body)) + ":";
    }

    static HttpResponse<byte[]> putWithTtl(Api api, String id, String value, String query) {
        return api.send("PUT", SessionApi.SESSIONS_PATH + "/" + id + query,
                HttpRequest.BodyPublishers.ofByteArray(JAVA.serialize(value)), "Content-Type", SessionApi.mediaTypeOf("java"));
    }

    private static Instant expiresAt(HttpResponse<byte[]> response) {
        return Instant.parse(response.headers().firstValue(SessionApi.EXPIRES_AT_HEADER).orElseThrow());
    }
}
