package dev.sessiondata.server.index;

import dev.sessiondata.api.SessionApi;
import java.time.Duration;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The index values a write may give its session ({@code Session-Index}) and how far they reach.
 *
 * @param names               the indexes the service keeps; a write naming another is refused. A session has at
 *                            most one value per index, so at most this many values
 * @param maxValueLength      the longest value, in UTF-8 bytes
 * @param maxSessionsPerValue the most sessions one value lists (the Redis store counts them per partition, in the
 *                            written session's slot); a write that would add one more is refused with
 *                            {@code 409 index-value-full}. Also the largest page of a lookup
 * @param expiryResolution    the Redis store rounds an indexed session's expiry up to this for its index keys (zero:
 *                            exact): a rewrite within it makes no index call, and an index set outlives the sessions
 *                            it lists by at most this much
 */
@ConfigurationProperties("sessiondata.index")
public record IndexProperties(
        @DefaultValue(SessionApi.PRINCIPAL_INDEX) Set<String> names,
        @DefaultValue("256") int maxValueLength,
        @DefaultValue("100") int maxSessionsPerValue,
        @DefaultValue("60s") Duration expiryResolution) {

    /** An index name: short, lowercase, safe in a header, a path and a Redis key. */
    static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,31}");

    public IndexProperties {
        names = Set.copyOf(names);
        for (String name : names) {
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("sessiondata.index.names: '" + name + "' is not an index name ("
                        + NAME.pattern() + ")");
            }
        }
        if (names.size() > 8) {
            throw new IllegalArgumentException("sessiondata.index.names: at most 8 indexes, was " + names.size());
        }
        if (maxValueLength < 1 || maxValueLength > 1024) {
            throw new IllegalArgumentException("sessiondata.index.max-value-length must be 1 to 1024, was "
                    + maxValueLength);
        }
        if (maxSessionsPerValue < 1 || maxSessionsPerValue > 10_000) {
            throw new IllegalArgumentException("sessiondata.index.max-sessions-per-value must be 1 to 10000, was "
                    + maxSessionsPerValue);
        }
        if (expiryResolution.isNegative() || expiryResolution.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("sessiondata.index.expiry-resolution must be 0 to 1 hour, was "
                    + expiryResolution);
        }
    }
}
