package dev.sessiondata.server.store.redis;

import static dev.sessiondata.server.store.redis.RedisCalls.bytes;

import dev.sessiondata.server.store.SessionPartitions;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The names of the keys a Redis store writes, and the partition of a session: the one place that knows them.
 *
 * <p>With {@code P} the configured prefix and {@code n} the session's partition ({@link #partition}):
 * <ul>
 *   <li>{@code P{p<n>}:session:<id>} — the session's hash;</li>
 *   <li>{@code P{p<n>}:staged:<id>:<version>} — a write on its way to it;</li>
 *   <li>{@code P{p<n>}:index:<name>:<value>} — the ids of partition {@code n} listed under one index value, and
 *       {@code P{p<n>}:indexed:<id>} — an indexed session's index values, kept a while past its expiry so that the
 *       change feed can tell whose session expired once Redis has dropped the session's hash;</li>
 *   <li>{@code P{p<n>}:changes} — the partition's change stream, and {@code P{p<n>}:feed} its epoch and last
 *       sequence number (a hash without expiry: when it is gone, the partition starts a new epoch);</li>
 *   <li>{@code P{p<n>}:claim:<group>} — the highest sequence of the partition an application group claimed, and
 *       {@code P{p<n>}:expired:<id>} — a short-lived mark that a session's expiry is in the change stream;</li>
 *   <li>{@code Pexpiry-scan} — which instance scans for expired sessions now.</li>
 * </ul>
 * The partition is the keys' hash tag, so a session, its staged write and its partition's change stream share one
 * Cluster slot and one script can write them all; the partitions' slots spread the store over a Cluster's masters.
 * The number of partitions is fixed for a deployment's life: another number moves every session to another key,
 * where the store no longer finds it.
 */
public final class RedisKeys {

    /** The partitions of a deployment that does not configure them. */
    public static final int DEFAULT_PARTITIONS = SessionPartitions.DEFAULT;

    private final String prefix;
    private final int partitions;
    private final String[] tags;
    private final byte[] tagStart;
    private final byte[] sessionInfix;

    public RedisKeys(String keyPrefix, int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("the store needs at least one partition, was " + partitions);
        }
        this.prefix = RedisCalls.checkPrefix(keyPrefix);
        this.partitions = partitions;
        this.tags = new String[partitions];
        for (int p = 0; p < partitions; p++) {
            tags[p] = prefix + "{p" + p + "}:";
        }
        this.tagStart = bytes(prefix + "{p");
        this.sessionInfix = bytes("}:session:");
    }

    public int partitions() {
        return partitions;
    }

    /** The partition of a session id ({@link SessionPartitions}), so every instance finds a session under one key. */
    public int partition(String id) {
        return SessionPartitions.of(id, partitions);
    }

    public byte[] session(String id) {
        return bytes(tags[partition(id)] + "session:" + id);
    }

    public byte[] staged(String id, String version) {
        return bytes(tags[partition(id)] + "staged:" + id + ":" + version);
    }

    /** What goes before an id to make its session key: the session's partition's session key prefix. */
    public byte[] sessionHead(String id) {
        return sessionHead(partition(id));
    }

    public byte[] sessionHead(int partition) {
        return bytes(tags[partition] + "session:");
    }

    /** The set of a session's partition that lists the ids under {@code value} of index {@code name}. */
    public byte[] index(String id, String name, String value) {
        return index(partition(id), name, value);
    }

    public byte[] index(int partition, String name, String value) {
        return bytes(tags[partition] + "index:" + name + ":" + value);
    }

    /** What goes before {@code <name>:<value>} to make the key of an index set of a session's partition. */
    public byte[] indexHead(String id) {
        return bytes(tags[partition(id)] + "index:");
    }

    /**
     * The index values of session {@code id} (its hash's {@code indexes} field), kept {@link
     * RedisSessionStore#INDEXES_KEPT_PAST_EXPIRY} past the session's expiry, for its expiry's change.
     */
    public byte[] indexed(String id) {
        return bytes(tags[partition(id)] + "indexed:" + id);
    }

    public byte[] changes(int partition) {
        return bytes(tags[partition] + "changes");
    }

    public byte[] feed(int partition) {
        return bytes(tags[partition] + "feed");
    }

    /** The highest sequence of {@code partition} that application group {@code group} claimed. */
    public byte[] claim(int partition, String group) {
        return bytes(tags[partition] + "claim:" + group);
    }

    /** The mark that session {@code id}'s expiry is recorded, so that one of the instances told of it records it. */
    public byte[] expired(String id) {
        return bytes(tags[partition(id)] + "expired:" + id);
    }

    /** The lease of the expiry scan ({@link RedisExpiries}): the instance that scans. */
    public byte[] expiryScanLease() {
        return bytes(prefix + "expiry-scan");
    }

    /** The session id of a session key of this store, or null for any other key. */
    public @Nullable String sessionId(byte @Nullable [] key) {
        if (key == null || key.length <= tagStart.length
                || !Arrays.equals(key, 0, tagStart.length, tagStart, 0, tagStart.length)) {
            return null;
        }
        int close = tagStart.length;
        while (close < key.length && key[close] >= '0' && key[close] <= '9') {
            close++;
        }
        if (close == tagStart.length || key.length < close + sessionInfix.length
                || !Arrays.equals(key, close, close + sessionInfix.length, sessionInfix, 0, sessionInfix.length)) {
            return null;
        }
        return new String(key, close + sessionInfix.length, key.length - close - sessionInfix.length,
                StandardCharsets.UTF_8);
    }

    /** The glob ({@code SCAN MATCH}) of this store's session keys in every partition. */
    public String sessionGlob() {
        return escapedGlob(prefix) + "{p*}:session:*";
    }

    /** {@code text} with the glob characters it holds escaped. */
    private static String escapedGlob(String text) {
        StringBuilder glob = new StringBuilder(text.length() + 16);
        for (char c : text.toCharArray()) {
            if ("*?[]\\".indexOf(c) >= 0) {
                glob.append('\\');
            }
            glob.append(c);
        }
        return glob.toString();
    }
}
