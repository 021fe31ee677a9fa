package dev.sessiondata.server.changes;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The change feed ({@code GET /api/v1/changes}), under {@code sessiondata.changes}.
 *
 * @param heartbeat            how often a subscriber hears from the feed when nothing changes (default 1 s); a client
 *                             that hears nothing for twice this considers its feed cut
 * @param buffer               events one subscriber may have waiting to be sent (default 1024); one more and it is cut
 *                             with a {@code reset}, so a slow subscriber never costs more than this
 * @param maxSubscribersPerClient streams one client (token) may hold at once (default 8); beyond, {@code 503}
 *                             with the {@code Retry-After} of {@code sessiondata.overload.retry-after-seconds}
 * @param history              changes each partition keeps to resume from (default 10000; the Redis stream's
 *                             approximate {@code MAXLEN}, the memory store's exact count)
 * @param writeInterval        the least time between two writes to one stream (default 10 ms): an event that finds its
 *                             stream written to less than this ago waits for the rest of it and goes with the events
 *                             that come meanwhile, in one write. A write to a socket, not the event, is what a
 *                             subscriber costs the server, so under load each stream costs at most one write per
 *                             interval; a quiet stream's event goes at once. Zero writes every event on its own
 */
@ConfigurationProperties("sessiondata.changes")
public record ChangeFeedProperties(@DefaultValue("1s") Duration heartbeat, @DefaultValue("1024") int buffer,
        @DefaultValue("8") int maxSubscribersPerClient, @DefaultValue("10000") int history,
        @DefaultValue("10ms") Duration writeInterval) {

    public ChangeFeedProperties {
        if (heartbeat.toMillis() < 1 || buffer < 1 || maxSubscribersPerClient < 1 || history < 1) {
            throw new IllegalArgumentException("sessiondata.changes.* must be positive");
        }
        if (writeInterval.isNegative() || writeInterval.compareTo(heartbeat) >= 0) {
            throw new IllegalArgumentException("sessiondata.changes.write-interval must be zero or more and shorter"
                    + " than the heartbeat");
        }
    }
}
