package dev.sessiondata.server.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.server.support.Api;
import dev.sessiondata.server.support.RunningServer;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What the server must do over HTTP on every store: lose no update under contention, and let the store expire
 * sessions. Each store's server test extends this.
 */
abstract class StoreOverHttpContract {

    private static final int THREADS = 16;
    private static final int INCREMENTS = 200;
    private static final SessionSerializer JAVA = SessionSerializers.create("java", SerializerSettings.defaults());

    /** The server under test, with the store under test. */
    protected abstract RunningServer server();

    private static String uniqueId(String name) {
        return name + "-" + UUID.randomUUID();
    }

    @Test
    void sixteenThreadsIncrementingOneCounterWithIfMatchLoseNoUpdate() throws Exception {
        Api api = server().writer();
        String id = uniqueId("counter");
        assertThat(api.put(id, JAVA.serialize(0), "java").statusCode()).isEqualTo(201);
        AtomicInteger conflicts = new AtomicInteger();

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Callable<Void>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                workers.add(() -> {
                    for (int i = 0; i < INCREMENTS; i++) {
                        while (true) {
                            HttpResponse<byte[]> read = api.get(id);
                            int next = JAVA.deserialize(read.body(), Integer.class) + 1;
                            HttpResponse<byte[]> written = api.put(id, JAVA.serialize(next), "java",
                                    "If-Match", read.headers().firstValue("ETag").orElseThrow());
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

        assertThat(JAVA.deserialize(api.get(id).body(), Integer.class)).isEqualTo(THREADS * INCREMENTS);
        System.out.printf("%s: %d increments, %d conflicts retried%n", getClass().getSimpleName(),
                THREADS * INCREMENTS, conflicts.get());
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
}
