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
 * @param writeInterval        the least time between two hand-overs of changes to the streams (default 10 ms): a
 *                             change that comes sooner after the last waits for the rest of the interval and goes with
 *                             the changes that come meanwhile, in one write per stream. A write to a socket, not the
 *                             change, is what a subscriber costs the server, so under load each stream costs at most
 *                             one write per interval; a change that finds the feed quiet goes at once. Zero hands every
 *                             change over on its own, whatever the number of streams
 * @param writesPerSecond      the most writes per second the feed makes to its streams together while changes keep
 *                             coming (default 2000): with more streams than this times the write interval, the interval
 *                             is lengthened to streams / writes-per-second (100 streams: 50 ms), up to half a
 *                             heartbeat, so that the cost of a write to the server stays about the same as streams are
 *                             added and their lag grows instead
 */
@ConfigurationProperties("sessiondata.changes")
public record ChangeFeedProperties(@DefaultValue("1s") Duration heartbeat, @DefaultValue("1024") int buffer,
        @DefaultValue("8") int maxSubscribersPerClient, @DefaultValue("10000") int history,
        @DefaultValue("10ms") Duration writeInterval, @DefaultValue("2000") int writesPerSecond) {

    public ChangeFeedProperties {
        if (heartbeat.toMillis() < 1 || buffer < 1 || maxSubscribersPerClient < 1 || history < 1
                || writesPerSecond < 1) {
            throw new IllegalArgumentException("sessiondata.changes.* must be positive");
        }
        if (writeInterval.isNegative() || writeInterval.compareTo(heartbeat) >= 0) {
            throw new IllegalArgumentException("sessiondata.changes.write-interval must be zero or more and shorter"
                    + " than the heartbeat");
        }
    }

    /**
     * The least time between two hand-overs to {@code streams} streams, in nanoseconds: the write interval, or longer
     * where the streams would be written to more than {@link #writesPerSecond()} times a second together, and never
     * half a heartbeat or more (a client that hears nothing for two heartbeats considers its feed cut). Zero when the
     * write interval is.
     */
    long handOverIntervalNanos(int streams) {
        long configured = writeInterval.toNanos();
        if (configured == 0) {
            return 0;
        }
        long budgeted = streams * 1_000_000_000L / writesPerSecond;
        return Math.max(configured, Math.min(budgeted, heartbeat.toNanos() / 2));
    }
}
