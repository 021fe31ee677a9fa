package dev.sessiondata.client.internal.nearcache;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records why a near cache flushed and the feed lags it was told, in order; counts nothing else. */
final class FlushLog implements NearCacheEvents {

    final List<String> reasons = new CopyOnWriteArrayList<>();
    final List<Long> lags = new CopyOnWriteArrayList<>();

    @Override
    public void flushed(String reason) {
        reasons.add(reason);
    }

    @Override
    public void feedLag(long millis) {
        lags.add(millis);
    }
}
