package dev.sessiondata.client.internal.nearcache;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records why a near cache flushed, in order; counts nothing else. */
final class FlushLog implements NearCacheEvents {

    final List<String> reasons = new CopyOnWriteArrayList<>();

    @Override
    public void flushed(String reason) {
        reasons.add(reason);
    }
}
