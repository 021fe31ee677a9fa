package dev.sessiondata.server.config;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Where sessions and descriptors are kept.
 *
 * @param type   {@code memory} (one node) or {@code redis} (several nodes share the Redis that the standard
 *               {@code spring.data.redis.*} properties describe, standalone or cluster)
 * @param memory settings of the memory store
 * @param redis  settings of the Redis store
 */
@ConfigurationProperties("sessiondata.store")
public record StoreProperties(@DefaultValue("memory") Type type, @DefaultValue Memory memory, @DefaultValue Redis redis) {

    public enum Type { MEMORY, REDIS }

    /**
     * @param maxTotalSize the bound on the bytes of all sessions together; beyond it the least valuable are evicted.
     *                     Default an eighth of the maximum heap: large sessions are humongous G1 objects (more
     *                     than their size in regions), replaced ones are garbage
     *                     until the next collection, and bodies in flight need their share too.
     */
    public record Memory(@Nullable DataSize maxTotalSize) {

        public Memory {
            if (maxTotalSize == null) {
                maxTotalSize = DataSize.ofBytes(Runtime.getRuntime().maxMemory() / 8);
            }
        }
    }

    /**
     * @param keyPrefix     the prefix of every key the store writes, so that one Redis can serve several deployments
     * @param countInterval how often the sessions are counted for {@code sessiondata.sessions.active}
     * @param countSample   the keys one count touches per Redis master: {@code DBSIZE} scaled by the session keys'
     *                      share of this many random keys, or an exact {@code SCAN} of a database no larger
     *                      (relative standard error {@code sqrt((1 - p) / (p * countSample))}, {@code p} the
     *                      session keys' share of the database: close to 0 when the store owns it, whose only
     *                      other keys are the change feed's two per partition)
     * @param slideResolution how long after a session's last slide or write a sliding read leaves its expiry as it
     *                      is (capped at half the session's ttl): such a read is one {@code HMGET} instead of that
     *                      and the touch script, and its {@code Expires-At} up to this much earlier than an exact
     *                      slide's. {@code 0s}, the default, slides on every read
     * @param partitions    the partitions sessions are hashed into (default 16): each is a Cluster hash tag with its
     *                      own change stream. Fixed for a deployment's life: under another number the store no
     *                      longer finds the sessions it holds
     * @param configureKeyspaceNotifications whether the server adds {@code E} and {@code x} to Redis's
     *                      {@code notify-keyspace-events} at startup, on every master (default true, as Spring
     *                      Session does): the change feed's expiry events of sessions nobody touched need them.
     *                      Where {@code CONFIG} is refused, or with false, the server checks and logs at
     *                      {@code ERROR} what is missing, and the operator sets it
     * @param expiryScanKeysPerSecond how many keys a second one instance of the service (the holder of a lease)
     *                      walks with {@code SCAN} so that Redis removes expired sessions, and tells of them, soon
     *                      (default 10000; 0 leaves it to Redis's own expiry cycle, which visits about
     *                      {@code 20 x hz} keys a second). An untouched session's expiry event comes at most about
     *                      the database's keys / this rate late
     */
    public record Redis(@DefaultValue("sessiondata:") String keyPrefix, @DefaultValue("60s") Duration countInterval,
            @DefaultValue("1000") int countSample, @DefaultValue("0s") Duration slideResolution,
            @DefaultValue("16") int partitions, @DefaultValue("true") boolean configureKeyspaceNotifications,
            @DefaultValue("10000") int expiryScanKeysPerSecond) {
    }
}
