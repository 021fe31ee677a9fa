package dev.sessiondata.server.store.redis;

import java.util.Properties;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Whether Redis still takes writes: at {@code maxmemory} under {@code noeviction} it refuses writes with {@code OOM}
 * (answered {@code 507 store-full}), which a PING never shows. Redis counts a request's bytes while it checks, so a
 * large session is refused while a small one still fits; this reports {@code DOWN} as soon as a session of the
 * largest allowed size would be refused. It also
 * says whether the eviction policy could evict descriptors ({@code allkeys-*}): under {@code volatile-*} only keys
 * with a time to live, the sessions, are evicted. One {@code INFO memory} per health check; on a cluster, each node's
 * figures are read and the first full node decides.
 */
public final class RedisMemoryHealthIndicator extends AbstractHealthIndicator {

    private final RedisConnectionFactory connections;
    private final long largestWriteBytes;

    /** @param largestWriteBytes the largest session body the server takes */
    public RedisMemoryHealthIndicator(RedisConnectionFactory connections, long largestWriteBytes) {
        super("Redis memory check failed");
        this.connections = connections;
        this.largestWriteBytes = largestWriteBytes;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        Properties info;
        try (RedisConnection connection = connections.getConnection()) {
            info = connection.serverCommands().info("memory");
        }
        builder.up();
        if (info == null) {
            return;
        }
        for (String key : info.stringPropertyNames()) {
            if (!key.endsWith("maxmemory")) {
                continue;
            }
            String node = key.substring(0, key.length() - "maxmemory".length());
            long max = Long.parseLong(info.getProperty(key).trim());
            long used = Long.parseLong(info.getProperty(node + "used_memory", "0").trim());
            String policy = info.getProperty(node + "maxmemory_policy", "").trim();
            builder.withDetail(node + "usedBytes", used).withDetail(node + "maxBytes", max)
                    .withDetail(node + "policy", policy)
                    .withDetail(node + "descriptorsEvictable", policy.startsWith("allkeys"));
            if (max > 0 && used + largestWriteBytes > max && "noeviction".equals(policy)) {
                builder.down().withDetail("reason", "Redis is at maxmemory under noeviction and refuses writes of "
                        + largestWriteBytes + " bytes");
                return;
            }
        }
    }
}
