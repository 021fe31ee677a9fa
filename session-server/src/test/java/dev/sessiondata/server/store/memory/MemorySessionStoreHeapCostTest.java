package dev.sessiondata.server.store.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionWrite;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Finding 5 of #10: the memory store's accounted size under-counted its heap use 1.6x (2 MiB sessions: G1 keeps
 * each in whole humongous regions) to 2.2x (small sessions: the id, version, entry and cache node cost more than the
 * bytes). Here the heap a store's sessions take is measured (used heap after full collections, before and after) and
 * the store's own accounting must be within 1.25x of it either way.
 */
class MemorySessionStoreHeapCostTest {

    private static long usedHeapAfterGc() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    @ParameterizedTest(name = "{1} sessions of {0} bytes")
    @CsvSource({"16, 40000", "200, 40000", "4096, 4000", "2097152, 12"})
    void theAccountedSizeIsWithinAQuarterOfTheMeasuredHeapCost(int bodyBytes, int sessions) {
        MemorySessionStore store = new MemorySessionStore(Long.MAX_VALUE, Clock.systemUTC());
        String mediaType = "application/vnd.sessiondata.kryo";
        long before = usedHeapAfterGc();
        for (int i = 0; i < sessions; i++) {
            // as the server makes them: a fresh id, serializer id and ttl per request
            String id = UUID.randomUUID().toString();
            SessionWrite write = new SessionWrite(new byte[bodyBytes], mediaType.substring(mediaType.lastIndexOf('.') + 1),
                    Duration.ofSeconds(1800 + i % 2));
            store.put(id, write, Precondition.none());
        }
        store.cleanUp();
        long measured = usedHeapAfterGc() - before;
        long accounted = store.weightedSize();
        Reference.reachabilityFence(store);

        System.out.printf("%d sessions of %d bytes: measured %d B per session, accounted %d B%n", sessions, bodyBytes,
                measured / sessions, accounted / sessions);
        assertThat((double) accounted / measured).as("accounted %d, measured %d", accounted, measured)
                .isBetween(1 / 1.25, 1.25);
    }
}
