package dev.sessiondata.client.internal.nearcache;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.sessiondata.client.internal.ClientLog;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Follows the service's change feed ({@code GET /api/v1/changes}, {@code text/event-stream}) and tells a
 * {@link FeedListener} what it says. Asynchronous: the lines arrive on the {@link HttpClient}'s executor; the
 * reconnections and the silence watchdog run on the scheduler given. On a lost stream (an error, an end, a status
 * other than 200, silence past twice the heartbeat) the listener is flushed and the feed reconnects after a
 * jittered, doubling pause, sending the last {@code id:} it received as {@code Last-Event-ID}, so that the service
 * resumes from there or answers {@code reset}.
 */
public final class ChangeFeed implements AutoCloseable {

    /** The feed's route under the base URI. */
    public static final String PATH = "/api/v1/changes";

    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    private static final Duration MAX_PAUSE = Duration.ofSeconds(5);

    private final HttpClient http;
    private final URI uri;
    private final String authorization;
    private final Duration connectTimeout;
    private final FeedListener listener;
    private final ScheduledExecutorService scheduler;
    private @Nullable String position;
    private @Nullable Stream current;
    private int failures;
    private volatile long heartbeatNanos = Duration.ofSeconds(1).toNanos();
    private boolean closed;

    public ChangeFeed(HttpClient http, URI baseUri, String token, Duration connectTimeout, FeedListener listener,
                      ScheduledExecutorService scheduler) {
        this(http, baseUri, token, null, connectTimeout, listener, scheduler);
    }

    /**
     * A feed of a subscriber of application group {@code group} (none when null): the listener also hears which
     * session events this subscriber is the one of its group to publish ({@link FeedListener#publish}).
     */
    public ChangeFeed(HttpClient http, URI baseUri, String token, @Nullable String group, Duration connectTimeout,
                      FeedListener listener, ScheduledExecutorService scheduler) {
        this.http = http;
        String base = baseUri.toString();
        this.uri = URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + PATH
                + (group == null ? "" : "?group=" + URLEncoder.encode(group, StandardCharsets.UTF_8)));
        this.authorization = "Bearer " + token;
        this.connectTimeout = connectTimeout;
        this.listener = listener;
        this.scheduler = scheduler;
    }

    /** Opens the first stream and starts the watchdog. */
    public synchronized void start() {
        open();
        scheduler.scheduleWithFixedDelay(this::watch, 100, 100, TimeUnit.MILLISECONDS);
    }

    /** Ends the stream; the listener is flushed. */
    @Override
    public synchronized void close() {
        closed = true;
        if (current != null) {
            current.cancel();
        }
        listener.flush("closed");
    }

    /** Cuts the current stream as a lost connection would be; it reconnects as after any loss. */
    public synchronized void cut() {
        if (current != null) {
            lost(current, "cut");
        }
    }

    private synchronized void open() {
        if (closed) {
            return;
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .header("Accept", "text/event-stream")
                .header("Authorization", authorization)
                .timeout(connectTimeout)
                .GET();
        if (position != null) {
            request.header("Last-Event-ID", position);
        }
        Stream stream = new Stream();
        current = stream;
        stream.future = http.sendAsync(request.build(), info -> {
            if (info.statusCode() != 200) {
                return HttpResponse.BodySubscribers.replacing(null);
            }
            return HttpResponse.BodySubscribers.fromLineSubscriber(stream);
        });
        stream.future.whenComplete((response, failure) -> {
            if (failure != null) {
                lost(stream, "failed: " + failure);
            } else if (response.statusCode() != 200) {
                lost(stream, "status " + response.statusCode());
            } else {
                lost(stream, "ended");
            }
        });
    }

    private synchronized void lost(Stream stream, String why) {
        if (stream.done) {
            return;
        }
        stream.done = true;
        stream.cancel();
        listener.flush("cut");
        if (closed || stream != current) {
            return;
        }
        ClientLog.LOG.debug("The change feed was lost ({}); the near cache reads through until it is back", why);
        long ceiling = Math.min(MAX_PAUSE.toMillis(), FIRST_PAUSE.toMillis() << Math.min(failures++, 10));
        scheduler.schedule(this::open, ThreadLocalRandom.current().nextLong(ceiling / 2, ceiling + 1),
                TimeUnit.MILLISECONDS);
    }

    private void watch() {
        Stream stream;
        synchronized (this) {
            stream = current;
        }
        if (stream != null && !stream.done && stream.heard != 0
                && System.nanoTime() - stream.heard > 2 * heartbeatNanos) {
            lost(stream, "silent");
        }
    }

    private synchronized void received(Stream stream, FeedEvent event) {
        if (stream.done) {
            return;
        }
        stream.heard = System.nanoTime();
        if (event.lastEventId() != null) {
            position = event.lastEventId();
        }
        Map<String, Object> data = fields(event.data());
        switch (event.type()) {
            case "hello" -> {
                failures = 0;
                if (data.get("heartbeatMillis") instanceof Number millis && millis.longValue() > 0) {
                    heartbeatNanos = TimeUnit.MILLISECONDS.toNanos(millis.longValue());
                }
                listener.hello(Duration.ofNanos(heartbeatNanos));
            }
            case "change" -> {
                if (data.get("t") instanceof Number committedAt) {
                    listener.delivered(committedAt.longValue());
                }
                if (data.get("id") instanceof String id) {
                    if (Boolean.TRUE.equals(data.get("deleted"))) {
                        listener.deleted(id);
                    } else if (data.get("version") instanceof String version) {
                        listener.changed(id, version);
                    } else {
                        lost(stream, "a change without version");
                        return;
                    }
                    if (Boolean.TRUE.equals(data.get("publish"))) {
                        // the kind is told where the change does not imply it: a deletion is a delete unless told
                        Object kind = data.get("kind");
                        listener.publish(id, kind instanceof String told ? told
                                : Boolean.TRUE.equals(data.get("deleted")) ? "deleted" : "updated",
                                indexes(data.get("index")));
                    }
                } else {
                    lost(stream, "a change without id");
                }
            }
            case "reset" -> listener.flush("reset:" + data.getOrDefault("reason", "unknown"));
            default -> listener.alive();
        }
    }

    /** The string members of an event's {@code index} object, by index name; empty when it has none. */
    @SuppressWarnings("unchecked")
    private static Map<String, String> indexes(@Nullable Object index) {
        return index instanceof Map<?, ?> values ? (Map<String, String>) values : Map.of();
    }

    /**
     * The top-level string, number and boolean members of a JSON object, and the string members of an object member
     * (as a map); others are skipped.
     */
    private static Map<String, Object> fields(String json) {
        Map<String, Object> fields = new HashMap<>();
        try (JsonParser parser = JSON.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return fields;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken token = parser.nextToken();
                switch (token) {
                    case VALUE_STRING -> fields.put(name, parser.getText());
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> fields.put(name, parser.getNumberValue());
                    case VALUE_TRUE, VALUE_FALSE -> fields.put(name, parser.getBooleanValue());
                    case START_OBJECT -> fields.put(name, stringMembers(parser));
                    default -> parser.skipChildren();
                }
            }
        } catch (IOException e) {
            ClientLog.LOG.debug("An unreadable change feed event: {}", json, e);
        }
        return fields;
    }

    /** The string members of the object the parser is at the start of, up to its end; others are skipped. */
    private static Map<String, String> stringMembers(JsonParser parser) throws IOException {
        Map<String, String> members = new HashMap<>(2);
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            if (parser.nextToken() == JsonToken.VALUE_STRING) {
                members.put(name, parser.getText());
            } else {
                parser.skipChildren();
            }
        }
        return members;
    }

    /** One stream: its lines reach {@link #received}; cancelling it ends the HTTP exchange. */
    private final class Stream implements Flow.Subscriber<String> {

        private final ServerSentEvents parser = new ServerSentEvents(event -> received(this, event));
        private @Nullable CompletableFuture<HttpResponse<Void>> future;
        private Flow.@Nullable Subscription subscription;
        private volatile long heard;
        private boolean done;

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            heard = System.nanoTime();
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(String line) {
            parser.line(line);
        }

        @Override
        public void onError(Throwable failure) {
            lost(this, "failed: " + failure);
        }

        @Override
        public void onComplete() {
            lost(this, "ended");
        }

        void cancel() {
            Flow.Subscription s = subscription;
            if (s != null) {
                s.cancel();
            }
            CompletableFuture<HttpResponse<Void>> f = future;
            if (f != null) {
                f.cancel(true);
            }
        }
    }
}
