package dev.sessiondata.client.internal.nearcache;

/**
 * What the near cache reports beside its gauges: hits, misses, flushes, touches sent, the feed's delivery lag. Each method does nothing
 * unless implemented, so that a report that needs one event implements only that one.
 */
public interface NearCacheEvents {

    NearCacheEvents NONE = new NearCacheEvents() {
    };

    default void hit() {
    }

    default void miss() {
    }

    /** Every entry was dropped, for {@code reason} ({@code reset:<why>}, {@code cut}, {@code silent}, ...). */
    default void flushed(String reason) {
    }

    default void touchesSent(int count) {
    }

    /** A change reached the cache {@code millis} after the service committed it (by this client's clock). */
    default void feedLag(long millis) {
    }
}
