package dev.sessiondata.server.store;

import java.util.Map;
import java.util.Optional;

/**
 * What a session store can say about its sessions as a whole, for gauges and the operator: a view beside
 * {@link SessionStore}, as Caffeine keeps its statistics apart from its cache. Unlike the session operations these
 * may wait for the store (Redis), so they are never called on an event loop.
 */
public interface SessionStoreStatistics {

    /**
     * How many sessions the store holds, counted without a pass over the store: exact or an estimate (Redis:
     * {@code DBSIZE} and a bounded key sample), for the active-sessions gauge.
     */
    long estimatedSessionCount();

    /**
     * Live sessions per serializer id, for the operator who narrows {@code accepted}; empty where only a pass over
     * the whole store could count them (Redis: a {@code SCAN} plus a field read per key), which this never does.
     */
    default Optional<Map<String, Long>> sessionsBySerializer() {
        return Optional.empty();
    }
}
