package dev.sessiondata.server.changes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.store.SessionPartitions;
import dev.sessiondata.server.support.FeedStream;
import dev.sessiondata.server.support.FeedStream.Event;
import dev.sessiondata.server.support.RunningServer;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The change feed over real HTTP, whatever the store: {@link #writes()} takes the writes, {@link #feed()} serves
 * the subscriptions (the same server, or another instance on the same store). The servers run with a 200 ms
 * heartbeat and at most two streams per client.
 */
abstract class ChangeFeedOverHttpContract {

    static final String[] FEED_SETTINGS = {"sessiondata.changes.heartbeat=200ms",
        "sessiondata.changes.max-subscribers-per-client=2"};
    static final Duration WAIT = Duration.ofSeconds(10);
    private static final byte[] BODY = "feed".getBytes(StandardCharsets.UTF_8);

    /** The server writes go to. */
    abstract RunningServer writes();

    /** The server subscribers ask. */
    abstract RunningServer feed();

    /** Changes in one partition after which the store no longer holds the first of them. */
    abstract int changesBeyondTheHistory();

    static String newId() {
        return "feed-" + UUID.randomUUID();
    }

    FeedStream subscribe(String lastEventId) {
        return FeedStream.open(feed().baseUri(), RunningServer.READER_TOKEN, lastEventId);
    }

    /** A subscriber of application group {@code group}, on {@code server}. */
    static FeedStream subscribe(RunningServer server, String group) {
        return FeedStream.open(server.baseUri(), RunningServer.READER_TOKEN, null, group);
    }

    static Event hello(FeedStream stream) {
        Event hello = stream.nextBesidesHeartbeats(WAIT);
        assertThat(hello).isNotNull();
        assertThat(hello.name()).isEqualTo("hello");
        assertThat(hello.data()).isEqualTo("{\"heartbeatMillis\":200}");
        assertThat(hello.id()).isNotBlank();
        return hello;
    }

    String put(String id) {
        HttpResponse<byte[]> written = writes().writer().put(id, BODY, "java");
        assertThat(written.statusCode()).isIn(200, 201, 204);
        String etag = written.headers().firstValue("ETag").orElseThrow();
        return etag.replace("\"", "");
    }

    /** The change events of {@code id} among the next events, until {@code count} of them came. */
    static List<Event> changesOf(FeedStream stream, String id, int count) {
        return changesOf(stream, List.of(id), count);
    }

    /** The change events of {@code ids} among the next events, in the order they came, until {@code count} came. */
    static List<Event> changesOf(FeedStream stream, List<String> ids, int count) {
        List<Event> found = new ArrayList<>();
        long until = System.nanoTime() + WAIT.toNanos();
        while (found.size() < count && System.nanoTime() < until) {
            Event event = stream.nextBesidesHeartbeats(Duration.ofMillis(500));
            if (event != null) {
                assertThat(event.name()).as("an event besides changes: %s", event).isEqualTo("change");
                if (ids.stream().anyMatch(id -> event.data().contains("\"" + id + "\""))) {
                    found.add(event);
                }
            }
        }
        return found;
    }

    @Test
    void aWriteAndADeleteThroughTheWritingInstanceReachTheSubscriber() {
        try (FeedStream stream = subscribe(null)) {
            assertThat(stream.response().statusCode()).isEqualTo(200);
            assertThat(stream.response().headers().firstValue("Content-Type").orElseThrow())
                    .startsWith("text/event-stream");
            assertThat(stream.response().headers().firstValue("Cache-Control")).hasValue("no-store");
            hello(stream);
            String id = newId();

            String version = put(id);
            assertThat(writes().writer().delete(id).statusCode()).isEqualTo(204);

            long before = System.currentTimeMillis();
            List<Event> changes = changesOf(stream, id, 2);
            assertThat(changes).extracting(event -> withoutCommitTime(event.data())).containsExactly(
                    "{\"id\":\"" + id + "\",\"version\":\"" + version + "\",\"kind\":\"created\"}",
                    "{\"id\":\"" + id + "\",\"deleted\":true}");
            assertThat(changes.get(0).id()).isNotEqualTo(changes.get(1).id());
            assertThat(changes).allSatisfy(change -> assertThat(commitTime(change.data()))
                    .isBetween(before - 60_000, System.currentTimeMillis()));
        }
    }

    /**
     * Two subscribers of one application group, one on each server (the same one on the memory store): both hear
     * every change, and of each session's beginning and end exactly one hears it marked for publishing.
     */
    @Test
    void eachBeginningAndEndIsMarkedForPublishingByExactlyOneSubscriberOfAGroup() {
        String group = "it-" + UUID.randomUUID();
        try (FeedStream one = subscribe(writes(), group); FeedStream two = subscribe(feed(), group)) {
            hello(one);
            hello(two);
            String id = newId();

            String created = put(id);
            String updated = put(id);
            assertThat(writes().writer().delete(id).statusCode()).isEqualTo(204);

            List<Event> heardByOne = changesOf(one, id, 3);
            List<Event> heardByTwo = changesOf(two, id, 3);
            assertThat(heardByOne).extracting(Event::id).isEqualTo(heardByTwo.stream().map(Event::id).toList());
            List<String> published = new ArrayList<>();
            for (List<Event> heard : List.of(heardByOne, heardByTwo)) {
                heard.stream().map(event -> withoutCommitTime(event.data())).filter(data -> data.endsWith(",\"publish\":true}"))
                        .forEach(data -> published.add(data.replace(",\"publish\":true", "")));
            }
            assertThat(published).containsExactlyInAnyOrder(
                    "{\"id\":\"" + id + "\",\"version\":\"" + created + "\",\"kind\":\"created\"}",
                    "{\"id\":\"" + id + "\",\"deleted\":true}");
            assertThat(withoutCommitTime(heardByOne.get(1).data())).isEqualTo(
                    "{\"id\":\"" + id + "\",\"version\":\"" + updated + "\"}");
        }
    }

    /** A session that nobody reads or writes after its write expires, and the feed says so: the expiry event. */
    @Test
    void aSessionThatExpiresUntouchedIsHeardAsExpired() {
        String group = "it-" + UUID.randomUUID();
        try (FeedStream one = subscribe(writes(), group); FeedStream two = subscribe(feed(), group)) {
            hello(one);
            hello(two);
            String id = newId();

            HttpResponse<byte[]> written = writes().writer().send("PUT", SessionApi.SESSIONS_PATH + "/" + id + "?ttl=1",
                    HttpRequest.BodyPublishers.ofByteArray(BODY), "Content-Type", SessionApi.mediaTypeOf("java"));
            assertThat(written.statusCode()).isIn(200, 201, 204);

            List<Event> heardByOne = changesOf(one, id, 2);
            List<Event> heardByTwo = changesOf(two, id, 2);
            assertThat(heardByOne).hasSize(2);
            assertThat(heardByTwo).hasSize(2);
            assertThat(heardByOne.get(1).data()).startsWith("{\"id\":\"" + id + "\",\"deleted\":true,\"kind\":\"expired\"");
            assertThat(heardByTwo.get(1).data()).startsWith("{\"id\":\"" + id + "\",\"deleted\":true,\"kind\":\"expired\"");
            assertThat(Stream.of(heardByOne.get(1), heardByTwo.get(1)).filter(event -> event.data().contains("publish")))
                    .hasSize(1);
        }
    }

    /**
     * A session written with a principal: its creation and its end tell it ({@code "index"}), after an id change too,
     * so that an application hears whose session ended; an update, the most common change, does not.
     */
    @Test
    void theIndexValuesOfASessionAreToldWithItsBeginningAndItsEndAfterAnIdChange() {
        try (FeedStream stream = subscribe(null)) {
            hello(stream);
            String id = newId();
            String newId = newId();

            String created = putIndexed(id, "", "alice");
            String updated = putIndexed(id, "", "alice");
            HttpResponse<byte[]> moved = writes().writer().send("POST", SessionApi.SESSIONS_PATH + "/" + id
                    + SessionApi.ID_PATH, HttpRequest.BodyPublishers.noBody(), SessionApi.NEW_ID_HEADER, newId);
            assertThat(moved.statusCode()).isEqualTo(201);
            assertThat(writes().writer().delete(newId).statusCode()).isEqualTo(204);

            // the two ids are in partitions of their own, whose events the feed delivers in each one's order only
            List<Event> changes = changesOf(stream, List.of(id, newId), 5);
            assertThat(changesOf(changes, id)).hasSize(3).startsWith(
                    "{\"id\":\"" + id + "\",\"version\":\"" + created
                            + "\",\"kind\":\"created\",\"index\":{\"principal\":\"alice\"}}",
                    "{\"id\":\"" + id + "\",\"version\":\"" + updated + "\"}");
            assertThat(changesOf(changes, newId)).hasSize(2).last()
                    .isEqualTo("{\"id\":\"" + newId + "\",\"deleted\":true,\"index\":{\"principal\":\"alice\"}}");
        }
    }

    /** A session with a principal that expires untouched: the expiry tells the principal, once the data is gone. */
    @Test
    void aSessionThatExpiresUntouchedIsHeardAsExpiredWithItsPrincipal() {
        String group = "it-" + UUID.randomUUID();
        try (FeedStream one = subscribe(writes(), group)) {
            hello(one);
            String id = newId();

            putIndexed(id, "?ttl=1", "bob%2C%20the%20%22builder%22");

            List<Event> heard = changesOf(one, id, 2);
            assertThat(heard).hasSize(2);
            assertThat(withoutCommitTime(heard.get(1).data())).isEqualTo("{\"id\":\"" + id
                    + "\",\"deleted\":true,\"kind\":\"expired\",\"index\":{\"principal\":\"bob, the \\\"builder\\\"\"},"
                    + "\"publish\":true}");
        }
    }

    /** The data of the events of session {@code id} among {@code events}, in their order, without commit times. */
    private static List<String> changesOf(List<Event> events, String id) {
        return events.stream().map(event -> withoutCommitTime(event.data()))
                .filter(data -> data.startsWith("{\"id\":\"" + id + "\""))
                .toList();
    }

    /** Writes {@code id} with its {@code principal} index value (percent-encoded) and the query; its version. */
    private String putIndexed(String id, String query, String principal) {
        HttpResponse<byte[]> written = writes().writer().send("PUT", SessionApi.SESSIONS_PATH + "/" + id + query,
                HttpRequest.BodyPublishers.ofByteArray(BODY), "Content-Type", SessionApi.mediaTypeOf("java"),
                SessionApi.INDEX_HEADER, SessionApi.PRINCIPAL_INDEX + "=" + principal);
        assertThat(written.statusCode()).isIn(200, 201, 204);
        return written.headers().firstValue("ETag").orElseThrow().replace("\"", "");
    }

    @Test
    void aSubscriberNamingAGroupThatIsNoNameIsRefused() {
        HttpResponse<byte[]> refused = feed().reader().send("GET", "/api/v1/changes?group=no%20spaces",
                HttpRequest.BodyPublishers.noBody());
        assertThat(refused.statusCode()).isEqualTo(400);
    }

    /** A change's data without its commit time {@code t}, which the test cannot know exactly. */
    private static String withoutCommitTime(String data) {
        return data.replaceFirst(",\"t\":[0-9]+", "");
    }

    private static long commitTime(String data) {
        Matcher t = Pattern.compile(",\"t\":([0-9]+)").matcher(data);
        assertThat(t.find()).as("%s carries its commit time t", data).isTrue();
        return Long.parseLong(t.group(1));
    }

    @Test
    void aTouchIsNoChangeWhileHeartbeatsKeepComing() {
        String id = newId();
        put(id);
        try (FeedStream stream = subscribe(null)) {
            Event hello = hello(stream);

            HttpResponse<byte[]> touched = writes().writer().send("POST",
                    SessionApi.SESSIONS_PATH + "/" + id + SessionApi.TOUCH_PATH, HttpRequest.BodyPublishers.noBody());
            assertThat(touched.statusCode()).isBetween(200, 204);
            assertThat(writes().writer().get(id).statusCode()).isEqualTo(200);

            List<Event> heard = new ArrayList<>();
            long until = System.nanoTime() + Duration.ofMillis(1500).toNanos();
            while (System.nanoTime() < until) {
                Event event = stream.next(Duration.ofMillis(100));
                if (event != null) {
                    heard.add(event);
                }
            }
            assertThat(heard).extracting(Event::name).containsOnly("heartbeat").hasSizeGreaterThanOrEqualTo(4);
            assertThat(heard).extracting(Event::id).containsOnly(hello.id());
        }
    }

    @Test
    void aSubscriberResumesFromItsLastEventIdWithTheChangesItMissed() {
        String position;
        try (FeedStream stream = subscribe(null)) {
            position = hello(stream).id();
        }
        String first = newId();
        String second = newId();
        String firstVersion = put(first);
        String secondVersion = put(second);

        try (FeedStream stream = subscribe(position)) {
            hello(stream);
            assertThat(changesOf(stream, List.of(first, second), 2)).extracting(event -> withoutCommitTime(event.data()))
                    .containsExactlyInAnyOrder("{\"id\":\"" + first + "\",\"version\":\"" + firstVersion
                            + "\",\"kind\":\"created\"}",
                            "{\"id\":\"" + second + "\",\"version\":\"" + secondVersion
                            + "\",\"kind\":\"created\"}");
        }
    }

    @Test
    void aHeadAnswersTheHeadersOfAStreamAndHoldsNone() {
        for (int i = 0; i < 3; i++) {
            HttpResponse<byte[]> head = feed().reader().send("HEAD", "/api/v1/changes",
                    HttpRequest.BodyPublishers.noBody());
            assertThat(head.statusCode()).isEqualTo(200);
            assertThat(head.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/event-stream");
        }
        try (FeedStream stream = subscribe(null)) {
            hello(stream);
        }
    }

    @Test
    void aMalformedPositionIsAnsweredWithAResetThenTheHead() {
        try (FeedStream stream = subscribe("not-a-position")) {
            Event reset = stream.nextBesidesHeartbeats(WAIT);
            assertThat(reset.name()).isEqualTo("reset");
            assertThat(reset.data()).isEqualTo("{\"reason\":\"malformed\"}");
            hello(stream);
        }
    }

    @Test
    void aClientHoldsAtMostItsStreamsAndIsToldWhenToRetry() {
        try (FeedStream one = subscribe(null); FeedStream two = subscribe(null)) {
            hello(one);
            hello(two);
            try (FeedStream three = subscribe(null)) {
                assertThat(three.response().statusCode()).isEqualTo(503);
                assertThat(three.response().headers().firstValue("Retry-After")).isPresent();
                assertThat(three.response().headers().firstValue("Content-Type").orElseThrow())
                        .startsWith("application/problem+json");
            }
        }
        // a stream closed by the client frees its place when the server notices, at the latest on its next heartbeat
        await().atMost(WAIT).until(() -> {
            try (FeedStream again = subscribe(null)) {
                return again.response().statusCode() == 200 && "hello".equals(again.nextBesidesHeartbeats(WAIT).name());
            }
        });
    }

    @Test
    void aPositionOlderThanTheHistoryIsAnsweredWithAReset() {
        String position;
        try (FeedStream stream = subscribe(null)) {
            position = hello(stream).id();
        }
        String base = newId();
        int partition = SessionPartitions.of(base, SessionPartitions.DEFAULT);
        int written = 0;
        for (int i = 0; written < changesBeyondTheHistory(); i++) {
            String id = base + "-" + i;
            if (SessionPartitions.of(id, SessionPartitions.DEFAULT) == partition) {
                put(id);
                written++;
            }
        }

        try (FeedStream stream = subscribe(position)) {
            Event reset = stream.nextBesidesHeartbeats(WAIT);
            assertThat(reset.name()).isEqualTo("reset");
            assertThat(reset.data()).isEqualTo("{\"reason\":\"trimmed\"}");
            hello(stream);
        }
    }
}
