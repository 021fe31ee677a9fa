package dev.sessiondata.server.support;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A subscriber of {@code GET /api/v1/changes} over real HTTP: the events it received, parsed from the
 * {@code text/event-stream} as a browser's EventSource would (event, id, data).
 */
public final class FeedStream implements AutoCloseable {

    /** One server-sent event. */
    public record Event(String name, @Nullable String id, String data) {
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final HttpResponse<Stream<String>> response;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final Thread reader;

    private FeedStream(HttpResponse<Stream<String>> response) {
        this.response = response;
        this.reader = new Thread(this::read, "feed-stream-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Opens a stream; the answer's status and headers are there at once, the events as they come. */
    public static FeedStream open(URI baseUri, String token, @Nullable String lastEventId) {
        return open(baseUri, token, lastEventId, null);
    }

    /** Opens a stream of a subscriber of application group {@code group} (none when null). */
    public static FeedStream open(URI baseUri, String token, @Nullable String lastEventId, @Nullable String group) {
        HttpRequest.Builder request = HttpRequest.newBuilder(baseUri.resolve("/api/v1/changes"
                + (group == null ? "" : "?group=" + group)))
                .header("Authorization", "Bearer " + token)
                .header("Accept", "text/event-stream")
                .GET();
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        try {
            return new FeedStream(HTTP.send(request.build(), HttpResponse.BodyHandlers.ofLines()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<Stream<String>> response() {
        return response;
    }

    private void read() {
        String name = "message";
        String id = null;
        StringBuilder data = new StringBuilder();
        try (Stream<String> lines = response.body()) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (line.isEmpty()) {
                    if (!data.isEmpty() || !"message".equals(name)) {
                        events.add(new Event(name, id, data.toString()));
                    }
                    name = "message";
                    id = null;
                    data.setLength(0);
                } else if (line.startsWith("event:")) {
                    name = line.substring(6).strip();
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).strip();
                } else if (line.startsWith("data:")) {
                    data.append(line.substring(5).strip());
                }
            }
        } catch (RuntimeException e) {
            // the stream was closed by this side or the server
        }
        events.add(new Event("end", null, ""));
    }

    /** The next event, waiting at most {@code timeout}; null when none came. */
    public @Nullable Event next(Duration timeout) {
        try {
            return events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The next event other than a heartbeat, waiting at most {@code timeout}; null when none came. */
    public @Nullable Event nextBesidesHeartbeats(Duration timeout) {
        long until = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < until) {
            Event event = next(Duration.ofNanos(Math.max(1, until - System.nanoTime())));
            if (event != null && !"heartbeat".equals(event.name())) {
                return event;
            }
        }
        return null;
    }

    @Override
    public void close() {
        reader.interrupt();
        response.body().close();
    }
}
