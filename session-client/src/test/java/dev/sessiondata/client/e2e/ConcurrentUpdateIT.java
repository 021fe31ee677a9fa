package dev.sessiondata.client.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.client.SessionClient;
import dev.sessiondata.testsupport.TestServer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Eight threads sharing one client increment one counter session with {@code update}; no increment is lost. */
class ConcurrentUpdateIT {

    private static final int THREADS = 8;
    private static final int INCREMENTS_PER_THREAD = 50;

    @Test
    void eightThreadsUpdatingOneCounterLoseNoIncrement() throws Exception {
        try (TestServer server = TestServer.start("sessiondata.serializer.active=one-nio")) {
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            SessionClient client = SessionClient.builder().baseUri(server.baseUri()).token(TestServer.TOKEN)
                    .meterRegistry(meters).build();
            client.put("counter", 0);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<?>> workers = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    workers.add(pool.submit(() -> {
                        for (int i = 0; i < INCREMENTS_PER_THREAD; i++) {
                            client.update("counter", Integer.class, count -> count + 1);
                        }
                    }));
                }
                for (Future<?> worker : workers) {
                    worker.get(2, TimeUnit.MINUTES);
                }
            } finally {
                pool.shutdownNow();
            }

            assertThat(client.get("counter", Integer.class).orElseThrow().value())
                    .isEqualTo(THREADS * INCREMENTS_PER_THREAD);
            long conflicts = meters.get("sessiondata.client.requests")
                    .tags("operation", "update", "outcome", "conflict").timer().count();
            System.out.printf("%d updates by %d threads met %d conflicts on the way%n",
                    THREADS * INCREMENTS_PER_THREAD, THREADS, conflicts);
        }
    }
}
