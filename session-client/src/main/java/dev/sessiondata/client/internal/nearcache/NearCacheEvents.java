package dev.sessiondata.client.internal.nearcache;

/**
 * What the near cache reports beside its gauges: hits, misses, flushes, touches sent. Each method does nothing
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
}
