package dev.sessiondata.server.session;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How long sessions live and how large they may be.
 *
 * @param defaultTtl         the time to live of a new session written without a {@code ttl} parameter (an existing
 *                           session written without one keeps its own)
 * @param maxTtl             the largest {@code ttl} a write may ask for, and the one {@code ttl=max} asks for (a
 *                           Spring session that never expires lives this long past its last use)
 * @param maxSize            the largest session body; larger writes get {@code 413}
 * @param slidingExpiration  whether a read moves the expiry to now plus the session's time to live
 * @param maxTouchBatch      the most session ids one batch touch ({@code POST /api/v1/touches}) may name; more get
 *                           {@code 413}. The client's near cache sends at most 500 a request.
 */
@ConfigurationProperties("sessiondata.session")
public record SessionProperties(
        @DefaultValue("30m") Duration defaultTtl,
        @DefaultValue("24h") Duration maxTtl,
        @DefaultValue("2MB") DataSize maxSize,
        @DefaultValue("true") boolean slidingExpiration,
        @DefaultValue("1000") int maxTouchBatch) {

    public SessionProperties {
        if (defaultTtl.toSeconds() < 1 || maxTtl.compareTo(defaultTtl) < 0) {
            throw new IllegalArgumentException("sessiondata.session.default-ttl (" + defaultTtl
                    + ") must be at least 1s and at most sessiondata.session.max-ttl (" + maxTtl + ")");
        }
        if (maxSize.toBytes() < 1 || maxSize.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("sessiondata.session.max-size must be between 1B and 2GB, was " + maxSize);
        }
        if (maxTouchBatch < 1 || maxTouchBatch > 100_000) {
            throw new IllegalArgumentException("sessiondata.session.max-touch-batch must be between 1 and 100000, was "
                    + maxTouchBatch);
        }
    }
}
