package dev.sessiondata.client.internal.nearcache;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Makes the change feed of one subscriber of an application group that hears only the session events it is to
 * publish: the near cache's feed, with the group named and every other event ignored.
 */
public final class EventFeeds {

    private EventFeeds() {
    }

    /** Hears the events a subscriber is to publish. */
    @FunctionalInterface
    public interface Publisher {

        /** Session {@code id} was {@code kind}; {@code indexes} are the index values it had (empty when none). */
        void publish(String id, String kind, Map<String, String> indexes);
    }

    /**
     * Follows the feed of the service at {@code baseUri} as a subscriber of {@code group}, telling {@code publish}
     * each session id, kind ({@code created}, {@code deleted}, {@code expired}) and index values this subscriber is
     * to publish, in the feed's order, on the feed's thread. Closing the answer ends the feed and its threads.
     */
    public static AutoCloseable follow(URI baseUri, String token, String group, Duration connectTimeout,
                                       Publisher publish) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> daemon(task,
                "sessiondata-events"));
        ExecutorService lines = Executors.newCachedThreadPool(task -> daemon(task, "sessiondata-events-feed"));
        HttpClient http = HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1)
                .executor(lines).build();
        ChangeFeed feed = new ChangeFeed(http, baseUri, token, group, connectTimeout, publishing(publish), scheduler);
        feed.start();
        return () -> {
            feed.close();
            scheduler.shutdownNow();
            lines.shutdownNow();
        };
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    /** A listener that hears only the events to publish, and tells them to {@code publish}. */
    static FeedListener publishing(Publisher publish) {
        return new FeedListener() {
            @Override
            public void hello(Duration heartbeat) {
            }

            @Override
            public void alive() {
            }

            @Override
            public void changed(String id, String version) {
            }

            @Override
            public void deleted(String id) {
            }

            @Override
            public void flush(String reason) {
            }

            @Override
            public void publish(String id, String kind, Map<String, String> indexes) {
                publish.publish(id, kind, indexes);
            }
        };
    }
}
