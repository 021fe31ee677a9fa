package dev.sessiondata.client.internal.nearcache;

/** What the near cache reports beside its gauges: hits, misses, flushes, touches sent. */
public interface NearCacheEvents {

    NearCacheEvents NONE = new NearCacheEvents() {
        @Override
        public void hit() {
        }

        @Override
        public void miss() {
        }

        @Override
        public void flushed(String reason) {
        }

        @Override
        public void touchesSent(int count) {
        }
    };

    void hit();

    void miss();

    /** Every entry was dropped, for {@code reason} ({@code reset:<why>}, {@code cut}, {@code silent}, ...). */
    void flushed(String reason);

    void touchesSent(int count);
}
