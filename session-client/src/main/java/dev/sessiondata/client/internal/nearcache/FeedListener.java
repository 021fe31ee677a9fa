package dev.sessiondata.client.internal.nearcache;

import java.time.Duration;
import java.util.Map;

/**
 * What the change feed tells a cache, in the order the stream said it. {@link #flush} covers every way the cache
 * may have missed a change: a {@code reset}, a lost stream, silence past twice the heartbeat.
 */
interface FeedListener {

    /** A stream began ({@code hello}): from now on every change reaches this listener. */
    void hello(Duration heartbeat);

    /** The stream is alive ({@code heartbeat}, or any other event). */
    void alive();

    /** {@code id} was created or updated to {@code version}. */
    void changed(String id, String version);

    /**
     * A change the service committed at {@code committedAtMillis} (epoch milliseconds, the service's clock) was
     * delivered now; told before the change itself, for the delivery lag.
     */
    default void delivered(long committedAtMillis) {
    }

    /** {@code id} was deleted (or expired, or left by an id change). */
    void deleted(String id);

    /** The cache may have missed changes: drop every entry and read through until the next {@link #hello}. */
    void flush(String reason);

    /**
     * This subscriber is the one of its application group to publish that {@code id} was {@code kind}
     * ({@code created}, {@code deleted} or {@code expired}), with the index values the session had (empty when
     * none); told after {@link #changed} or {@link #deleted}. Only a feed that names a group hears it.
     */
    default void publish(String id, String kind, Map<String, String> indexes) {
    }
}
