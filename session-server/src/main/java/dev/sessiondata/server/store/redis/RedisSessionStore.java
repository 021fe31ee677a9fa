package dev.sessiondata.server.store.redis;

import static dev.sessiondata.server.store.redis.RedisCalls.bytes;
import static dev.sessiondata.server.store.redis.RedisCalls.text;

import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.IdChangeResult;
import dev.sessiondata.server.store.IndexPage;
import dev.sessiondata.server.store.IndexValueFullException;
import dev.sessiondata.server.store.IndexedSession;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionIndex;
import dev.sessiondata.server.store.SessionRead;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoreFullException;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.Versions;
import dev.sessiondata.server.store.WriteResult;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.SlotHash;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Keeps sessions in Redis.
 *
 * <p>Keys ({@link RedisKeys} names them; {@code P} the configured prefix, default {@code sessiondata:}, {@code n}
 * the session's partition):
 * <ul>
 *   <li>{@code P{p<n>}:session:<id>} — one hash per session: {@code data} (the body), {@code serializer} (its id),
 *       {@code version}, {@code ttl} (milliseconds), {@code expires} (epoch milliseconds, for the
 *       {@code Session-Expires-At} header) and {@code digest} (the {@code Repr-Digest} field value). Redis expires the
 *       key itself ({@code PEXPIRE ttl}). The partition is the key's hash tag, so in a Redis Cluster every key of one
 *       session, and its partition's change stream, live in one slot.</li>
 *   <li>{@code P{p<n>}:staged:<id>:<version>} — a write on its way: the same fields, renamed onto the session by the
 *       write's script in the same round trip, or removed by Redis after {@link #STAGED_TTL} when no commit came.</li>
 *   <li>{@code P{p<n>}:index:<name>:<value>} — a set of the ids of partition {@code n} listed under one index
 *       value ({@link SessionIndex}): an index value has one set per partition its sessions are in, each in its
 *       sessions' slot. The session hash's {@code indexes} field names the sets its session is in ({@code
 *       <name>:<value>}, one a line). The write, delete and touch scripts change the sets with the session, in its
 *       slot, so atomically on a Cluster too, and keep each set's expiry at least that of the sessions it lists, so a
 *       set never outlives them; a lookup reads every partition's set (in parallel) and drops the ids of sessions
 *       that expired. The bound on the sessions of a value holds per partition's set.</li>
 * </ul>
 *
 * <p>An id change ({@link #changeId}) is one script when both keys are in one slot, that is when both ids are in one
 * partition, or always when the store is no Cluster (one server has no slot rule): the session hash is renamed,
 * expiry and all, its index sets list the new id in place of the old, and the change is recorded as the old id
 * deleted and the new id written, all atomically. On a Cluster, ids of different partitions are in different slots
 * and no script reaches both, so the change is a protocol of four steps, each one script in one slot:
 * <ol>
 *   <li>move out (old id): if the session exists at the version asked for and no unexpired marker is there, a
 *       marker {@code moving = <until>:<new version>:<new id>} goes into its hash, and the script answers the
 *       session's fields;</li>
 *   <li>move in (new id): unless the new id exists, its hash is created with those fields, the new version and a
 *       short life ({@link #STAGED_TTL} at most); if it exists, the marker is taken away and the change is
 *       {@code ID_TAKEN};</li>
 *   <li>commit (old id): if the old hash still holds this marker it is deleted, leaves its partition's index sets
 *       and is recorded in its partition's change stream as deleted; if not, a write replaced it (the rename drops
 *       the marker: {@code PRECONDITION_FAILED}) or a delete or expiry took it ({@code NOT_FOUND}), and the new id's
 *       hash is deleted again;</li>
 *   <li>finish (new id): its expiry becomes the session's own, the new partition's index sets list it and its
 *       change stream records it as written.</li>
 * </ol>
 * The index entries and the two change records of a cross-slot change are thus not one atomic step: between steps 3
 * and 4 a lookup of the session's principal lists neither id, and the change feed has announced the old id's delete
 * but not yet the new id. A delete of the new copy before step 4 (a delete that found the marker, or a failed
 * commit) is recorded as a delete of an id the feed never announced.
 * A delete that finds the marker deletes the new id's hash of that version as well. So a session deleted at any point
 * of a change is not alive under the new id once the delete and the change have answered: the commit, which
 * decides, needs the marker the delete took away, and whichever of the two comes second removes the new hash. Of
 * two changes of one id, the second finds the first's marker and fails; of two into one new id, the second finds
 * it taken. The window: between steps 2 and 3 the new id holds a copy nobody has been told of (the change has not
 * answered); if this server stops there, the copy lives until its short life ends, and the old session stays as
 * it was (its marker expires with its time); if it stops between steps 3 and 4, the session is gone once that short
 * life ends, as if deleted. Neither brings back a deleted session, since nobody was given the new id.
 *
 * <p>Every write and delete also records the change in its partition's change stream, in the same script
 * ({@link RedisSessionChanges} reads them); a touch records nothing.
 *
 * <p>Every decision is taken inside one Lua script (Redis runs each atomically): the precondition and ttl of a
 * write, with the rename that makes it visible, so a conditional write either fully happens or not at all and a
 * session is never half-written; the ttl a slide uses; whether a read's body is within its ceiling. A written body
 * never passes through Lua (Redis pays for every KB that goes in or out of its interpreter): a write stages it with
 * {@code HSET}, sent with its script in one batch, one round trip; a read takes it with {@code HMGET}, or, when the
 * server has no room for a large body, a script reads it only if it is within the ceiling ({@link #get}). Sessions
 * that releases before the partitioned layout wrote ({@code P session:{<id>}}) are not read: a store is not shared
 * across that upgrade.
 * Session operations go through Lettuce's own asynchronous API ({@link NativeRedis}) and never wait; the session count is the separate view
 * {@link RedisSessionStatistics}. An
 * unreachable Redis completes an operation's stage with a
 * {@link dev.sessiondata.server.store.StoreUnavailableException}; Lettuce reconnects by itself when it returns.
 */
public final class RedisSessionStore implements SessionStore, SessionIndex {

    private static final byte[] DATA = bytes("data");
    private static final byte[] SERIALIZER = bytes("serializer");
    private static final byte[] VERSION = bytes("version");
    private static final byte[] TTL = bytes("ttl");
    private static final byte[] DIGEST = bytes("digest");
    private static final byte[] EXPIRES = bytes("expires");
    private static final byte[] INDEXES = bytes("indexes");
    private static final byte[] BUCKET = bytes("bucket");

    /** The hash fields of a session, in the order a read without a ceiling asks for them. */
    private static final byte[][] FIELDS = {DATA, SERIALIZER, VERSION, TTL, EXPIRES, DIGEST};

    /**
     * How long a staged write may wait for its commit, which follows it in the same round trip: only a server that
     * stops between the two leaves a staged hash behind, and Redis removes it after this.
     */
    static final Duration STAGED_TTL = Duration.ofMinutes(1);

    /**
     * How long an indexed session's index values are kept past its expiry ({@link RedisKeys#indexed}), as Spring
     * Session's Redis repository keeps an expired session's data five minutes: the expiry's change tells them when
     * Redis tells of the expiry within this time, which the expiry scan bounds ({@link RedisExpiries}).
     */
    static final Duration INDEXES_KEPT_PAST_EXPIRY = Duration.ofMinutes(5);
    private static final byte[] INDEXES_KEPT = bytes(String.valueOf(INDEXES_KEPT_PAST_EXPIRY.toMillis()));

    /**
     * The index expiry resolution unless constructed with another: an indexed session's index keys expire at its
     * expiry rounded up to it, so that its rewrites within it make no index call ({@code put.lua}), and its index
     * sets outlive it by at most this much.
     */
    public static final Duration DEFAULT_INDEX_EXPIRY_RESOLUTION = Duration.ofMinutes(1);

    /** The most sessions one index value lists unless told otherwise (unless constructed with another). */
    public static final int DEFAULT_MAX_SESSIONS_PER_VALUE = 100;

    /** What a read's slide answers in place of the new expiry when Redis refused it for want of memory. */
    private static final byte[] SLIDE_REFUSED = new byte[0];
    /** What {@code read.lua} is told: slide the expiry, or only look. */
    private static final byte[] SLIDE = bytes("1");
    private static final byte[] LOOK = bytes("0");
    /** What follows an id in its session key: nothing, in this layout. */
    private static final byte[] EMPTY = new byte[0];

    private final NativeRedis lettuce;
    private final SessionLengths lengths = new SessionLengths();
    /** How many changes a partition's stream keeps by default (approximately: Redis trims whole nodes). */
    public static final int DEFAULT_CHANGE_STREAM_LENGTH = 10_000;

    private final RedisKeys keys;
    private final int maxSessionsPerValue;
    private final byte[] changeStreamLength;
    private final Clock clock;
    private final long slideResolutionMillis;
    private final long indexExpiryResolutionMillis;
    private final byte[] indexExpiryResolution;
    /**
     * How long a slide keeps the index values past the session's new expiry: also the resolution, so that a slide
     * never moves their expiry before the bucket a write gave them ({@code read.lua}, {@code touch.lua}).
     */
    private final byte[] indexesKeptPastSlide;
    private final Runnable slideRefused;
    /** Whether the keys of one script must share a slot (Redis Cluster). */
    private final boolean clustered;

    /** A store whose every {@link #get} slides the session's expiry. */
    public RedisSessionStore(LettuceConnectionFactory connections, String keyPrefix, Clock clock) {
        this(connections, new RedisKeys(keyPrefix, RedisKeys.DEFAULT_PARTITIONS), clock, Duration.ZERO, () -> { });
    }

    /**
     * {@code slideResolution}: how long after its last slide or write a read leaves a session's expiry where it is
     * (zero: every read moves it; see {@link #get}). {@code slideRefused}: told of every slide Redis refused for want
     * of memory, whose read answered the session with the expiry it had (for a metric).
     */
    public RedisSessionStore(LettuceConnectionFactory connections, RedisKeys keys, Clock clock,
            Duration slideResolution, Runnable slideRefused) {
        this(connections, keys, clock, slideResolution, slideRefused, DEFAULT_MAX_SESSIONS_PER_VALUE,
                DEFAULT_CHANGE_STREAM_LENGTH);
    }

    /**
     * {@code maxSessionsPerValue}: the most sessions one partition's set of an index value lists; a write that would
     * add one more is refused. {@code changeStreamLength}: the changes each partition's stream keeps
     * (approximately), how far back a subscriber of the change feed can resume.
     */
    public RedisSessionStore(LettuceConnectionFactory connections, RedisKeys keys, Clock clock,
            Duration slideResolution, Runnable slideRefused, int maxSessionsPerValue, int changeStreamLength) {
        this(connections, keys, clock, slideResolution, slideRefused, maxSessionsPerValue, changeStreamLength,
                DEFAULT_INDEX_EXPIRY_RESOLUTION);
    }

    /**
     * {@code indexExpiryResolution}: what an indexed session's expiry is rounded up to for its index keys' (zero:
     * exact); its index sets outlive it by at most this much, and its rewrites within it make no index call.
     */
    public RedisSessionStore(LettuceConnectionFactory connections, RedisKeys keys, Clock clock,
            Duration slideResolution, Runnable slideRefused, int maxSessionsPerValue, int changeStreamLength,
            Duration indexExpiryResolution) {
        if (indexExpiryResolution.isNegative()) {
            throw new IllegalArgumentException("the index expiry resolution must not be negative: "
                    + indexExpiryResolution);
        }
        this.indexExpiryResolutionMillis = indexExpiryResolution.toMillis();
        this.indexExpiryResolution = bytes(String.valueOf(indexExpiryResolutionMillis));
        this.indexesKeptPastSlide = bytes(String.valueOf(INDEXES_KEPT_PAST_EXPIRY.toMillis()
                + indexExpiryResolutionMillis));
        if (maxSessionsPerValue < 1) {
            throw new IllegalArgumentException("maxSessionsPerValue must be positive, was " + maxSessionsPerValue);
        }
        if (changeStreamLength < 1) {
            throw new IllegalArgumentException("the change stream must keep at least one change, was "
                    + changeStreamLength);
        }
        this.maxSessionsPerValue = maxSessionsPerValue;
        this.changeStreamLength = bytes(String.valueOf(changeStreamLength));
        if (slideResolution.isNegative()) {
            throw new IllegalArgumentException("the slide resolution must not be negative: " + slideResolution);
        }
        this.slideResolutionMillis = slideResolution.toMillis();
        this.keys = keys;
        this.lettuce = new NativeRedis(connections);
        this.clock = clock;
        this.slideRefused = slideRefused;
        this.clustered = connections.isClusterAware();
    }

    /**
     * A read is one {@code HMGET}, and a {@code get} runs the touch script after it in the same round trip (one
     * batch, answered together): the body never passes through Lua, which costs Redis per byte that goes in or out of
     * its interpreter. The script reads the session's ttl and moves its expiry in one atomic step, so the slide never
     * recreates a session deleted meanwhile and always uses the ttl the session has; the answer is what the
     * {@code HMGET} read with the expiry the slide set (empty when the slide found the session gone). The script
     * comes second so that the order holds when a node does not have it yet and it is sent again as {@code EVAL}.
     *
     * <p>With a ceiling ({@code maxBytes} other than {@link #UNBOUNDED}), a body longer than it is answered by its
     * length alone, neither kept nor slid. How that is asked depends on the length this instance last saw of the
     * session ({@link SessionLengths}):
     * <ul>
     *   <li>within the ceiling: the same batch, the {@code HMGET} copying the body only if it is within the ceiling
     *       ({@link BoundedFieldsOutput}) and the touch script moving the expiry only then;</li>
     *   <li>longer, or not known: one script ({@code read.lua}) that asks the body's length ({@code HSTRLEN}) and reads
     *       and slides it only when it is within the ceiling, so that a large value the caller has no room for does
     *       not cross from Redis at all (a body within it then passes through Lua).</li>
     * </ul>
     *
     * <p>With a slide resolution, a sliding read is the read alone while the session was slid or written less than
     * the resolution (at most half its ttl) ago, which the stored expiry minus the ttl says, on every node alike; the
     * answer then has the stored expiry, at most that much earlier than an exact slide would set. A read past that
     * point runs the touch script after the read's answer, a second round trip, once per resolution and session.
     *
     * <p>A slide Redis refuses for want of memory ({@code noeviction} at {@code maxmemory} refuses the first write
     * of a script) leaves the read as it was: the session is answered with its stored expiry and
     * {@code slideRefused} is told.
     */
    @Override
    public CompletionStage<SessionRead> get(String id, long maxBytes) {
        if (slideResolutionMillis > 0) {
            return peek(id, maxBytes).thenCompose(found -> slidIfDue(id, found));
        }
        if (maxBytes != UNBOUNDED && !lengths.within(id, maxBytes)) {
            return read(id, maxBytes, SLIDE);
        }
        byte[] key = sessionKey(id);
        byte[][] keys = {key, this.keys.indexed(id)};
        byte[][] touchArgs = maxBytes == UNBOUNDED ? new byte[][] {now(), this.keys.indexHead(id), indexesKeptPastSlide}
                : new byte[][] {now(), this.keys.indexHead(id), indexesKeptPastSlide, bytes(String.valueOf(maxBytes))};
        return lettuce.batch(redis -> {
            CompletionStage<BoundedFieldsOutput.Fields> read = redis.hmget(key, maxBytes, FIELDS);
            CompletionStage<byte @Nullable []> slid = redis.<byte[]>script(LuaScripts.TOUCH, ScriptOutputType.VALUE,
                    keys, touchArgs).exceptionally(failure -> {
                        refusedSlide(failure);
                        return SLIDE_REFUSED;
                    });
            return read.thenCombine(slid, (fields, expires) -> {
                if (expires == null) {
                    return SessionRead.absent();
                }
                if (expires.length > 0 && expires[0] == '-') {
                    // the body grew past the ceiling between the two: nothing moved
                    return SessionRead.larger(Long.parseLong(text(expires).substring(1)));
                }
                return session(fields, expires == SLIDE_REFUSED ? null : expires);
            }).thenApply(found -> noted(id, found));
        });
    }

    @Override
    public CompletionStage<SessionRead> peek(String id, long maxBytes) {
        if (maxBytes != UNBOUNDED && !lengths.within(id, maxBytes)) {
            return read(id, maxBytes, LOOK);
        }
        byte[] key = sessionKey(id);
        return lettuce.batch(redis -> redis.hmget(key, maxBytes, FIELDS))
                .thenApply(fields -> noted(id, session(fields, null)));
    }

    private CompletionStage<SessionRead> read(String id, long maxBytes, byte[] slide) {
        byte[][] readKeys = {sessionKey(id), keys.indexed(id)};
        return lettuce.<List<Object>>script(LuaScripts.READ, ScriptOutputType.MULTI, readKeys,
                bytes(String.valueOf(maxBytes)), slide, now(), keys.indexHead(id), indexesKeptPastSlide)
                .thenApply(answer -> noted(id, answer(answer)));
    }

    /** {@code read}, its length noted for the next read with a ceiling. */
    private SessionRead noted(String id, SessionRead read) {
        if (read.length() >= 0) {
            lengths.saw(id, read.length());
        }
        return read;
    }

    /**
     * The session of an {@code HMGET} of {@link #FIELDS}, with {@code expires} instead of the stored one when given;
     * absent when it has no version (no such key); only its length when its body was longer than the read's ceiling.
     */
    private static SessionRead session(BoundedFieldsOutput.Fields fields, byte @Nullable [] expires) {
        List<byte @Nullable []> values = fields.values();
        if (values.size() < FIELDS.length || values.get(2) == null) {
            return SessionRead.absent();
        }
        if (fields.refused()) {
            return SessionRead.larger(fields.refusedLength());
        }
        return SessionRead.of(session(values.get(0), values.get(1), values.get(2), values.get(3),
                expires == null ? values.get(4) : expires, values.get(5)));
    }

    /** The session of a {@code read.lua} answer (see the script). */
    private SessionRead answer(@Nullable List<Object> answer) {
        if (answer == null || answer.isEmpty()) {
            return SessionRead.absent();
        }
        if (answer.size() == 1) {
            return SessionRead.larger((Long) answer.get(0));
        }
        if ((Long) answer.get(6) < 0) {
            slideRefused.run();
        }
        return SessionRead.of(session((byte[]) answer.get(0), (byte[]) answer.get(1), (byte[]) answer.get(2),
                (byte[]) answer.get(3), (byte[]) answer.get(4), (byte[]) answer.get(5)));
    }

    /** Counts a slide refused for want of memory, after which the read stands as it is; rethrows any other failure. */
    private void refusedSlide(Throwable failure) {
        RuntimeException translated = NativeRedis.translate(failure);
        if (!(translated instanceof StoreFullException)) {
            throw translated;
        }
        slideRefused.run();
    }

    /**
     * {@code found} as it is while its last slide or write is less than the resolution (at most half its ttl) ago,
     * else slid by the touch script (absent when that found it gone).
     */
    private CompletionStage<SessionRead> slidIfDue(String id, SessionRead found) {
        StoredSession session = found.session();
        if (session == null) {
            return CompletableFuture.completedFuture(found);
        }
        long ttl = session.ttl().toMillis();
        long lastSlide = session.expiresAt().toEpochMilli() - ttl;
        if (clock.millis() - lastSlide < Math.min(slideResolutionMillis, ttl / 2)) {
            return CompletableFuture.completedFuture(found);
        }
        return touch(id).thenApply(expires -> expires.map(at -> SessionRead.of(new StoredSession(session.data(),
                session.serializerId(), session.version(), session.ttl(), at, session.digest()))))
                .thenApply(slid -> slid.orElse(SessionRead.absent()))
                .exceptionally(failure -> {
                    refusedSlide(failure);
                    return found;
                });
    }

    private static StoredSession session(byte[] data, byte[] serializer, byte[] version, byte[] ttl, byte[] expires,
            byte @Nullable [] digest) {
        return new StoredSession(data, text(serializer), text(version), Duration.ofMillis(Long.parseLong(text(ttl))),
                Instant.ofEpochMilli(Long.parseLong(text(expires))), digest == null ? null : text(digest));
    }

    /** The expiry of the index keys of a session expiring at {@code expires}: rounded up to the resolution. */
    private byte[] bucket(long expires) {
        long resolution = indexExpiryResolutionMillis;
        return bytes(String.valueOf(resolution == 0 ? expires : -Math.floorDiv(-expires, resolution) * resolution));
    }

    /**
     * The write is staged as a hash of its own beside the session ({@code HSET}, with {@link #STAGED_TTL} as its
     * expiry), then the put script checks the precondition, decides the ttl (an existing session keeps its own when
     * the write names none) and renames the staged hash onto the session: three commands in one batch, all written
     * to the connection before any answer is awaited (one round trip), the last one atomic, and the body never
     * passes through Lua (a script that took it as an argument cost Redis many times what the {@code HSET} and the
     * commit script cost together, in {@code INFO commandstats}). A refused write drops what was staged; a commit that never comes leaves
     * the staged hash to Redis' expiry and the session as it was.
     */
    @Override
    public CompletionStage<WriteResult> put(String id, SessionWrite write, Precondition precondition) {
        String version = Versions.next();
        String digest = write.digest();
        Map<byte[], byte[]> fields = new LinkedHashMap<>(12);
        fields.put(VERSION, bytes(version));
        fields.put(SERIALIZER, bytes(write.serializerId()));
        fields.put(DATA, write.data());
        byte[] ttl = bytes(String.valueOf(write.ttl().toMillis()));
        fields.put(TTL, ttl);
        long nowMillis = clock.millis();
        byte[] now = bytes(String.valueOf(nowMillis));
        // the expiry the script would set for the staged ttl: it writes the two only when the session keeps another
        fields.put(EXPIRES, bytes(String.valueOf(nowMillis + write.ttl().toMillis())));
        if (digest != null) {
            fields.put(DIGEST, bytes(digest));
        }
        int partition = this.keys.partition(id);
        List<String> indexNames = new ArrayList<>(write.indexes().values().keySet());
        byte[][] keys = new byte[5 + indexNames.size()][];
        keys[0] = sessionKey(id);
        keys[1] = this.keys.staged(id, version);
        keys[2] = this.keys.feed(partition);
        keys[3] = this.keys.changes(partition);
        keys[4] = this.keys.indexed(id);
        List<String> lines = new ArrayList<>(indexNames.size());
        for (int i = 0; i < indexNames.size(); i++) {
            String name = indexNames.get(i);
            String value = write.indexes().values().get(name);
            keys[5 + i] = this.keys.index(id, name, value);
            lines.add(name + ":" + value);
        }
        byte[] bucket = bucket(nowMillis + write.ttl().toMillis());
        if (!lines.isEmpty()) {
            // the 'indexes' field as the script reads it back: each index set's key without the index key prefix
            fields.put(INDEXES, bytes(String.join("\n", lines)));
            fields.put(BUCKET, bucket);
        }
        byte[][] args = {condition(precondition), bytes(String.valueOf(precondition.version())), now,
                bytes(write.keepsTtl() ? "1" : "0"), ttl, bytes(id), bytes(String.valueOf(maxSessionsPerValue)),
                this.keys.sessionHead(id), EMPTY, this.keys.indexHead(id), RedisSessionChanges.newEpoch(),
                changeStreamLength, bytes(version), INDEXES_KEPT, indexExpiryResolution, bucket};
        return lettuce.batch(redis -> {
            CompletionStage<Long> staged = redis.hset(keys[1], fields);
            CompletionStage<Boolean> expiring = redis.pexpire(keys[1], STAGED_TTL);
            CompletionStage<List<Object>> committed = redis.script(LuaScripts.PUT, ScriptOutputType.MULTI, keys, args);
            // a failed HSET (Redis out of memory) is the write's failure; the script then found nothing staged
            return staged.thenCombine(expiring, (count, expires) -> count).thenCombine(committed, (count, answer) -> {
                long outcome = answer == null || answer.isEmpty() ? 0 : (Long) answer.get(0);
                if (outcome == -2) {
                    throw new IndexValueFullException(indexNames.get(Math.toIntExact((Long) answer.get(1)) - 1),
                            maxSessionsPerValue);
                }
                if (outcome < 0) {
                    throw new IllegalStateException(
                            "the staged write of session '" + id + "' was gone before its commit");
                }
                if (outcome == 0) {
                    return WriteResult.preconditionFailed();
                }
                lengths.saw(id, write.data().length);
                return WriteResult.written(outcome == 1, version,
                        Instant.ofEpochMilli(Long.parseLong(text((byte[]) answer.get(1)))));
            });
        });
    }

    /**
     * One script; when it deleted a session that an id change across slots had marked, the change's new hash of that
     * version is deleted too before the delete answers (see the class comment).
     */
    @Override
    public CompletionStage<DeleteResult> delete(String id, Precondition precondition) {
        int partition = keys.partition(id);
        byte[][] scriptKeys = {sessionKey(id), keys.feed(partition), keys.changes(partition), keys.indexed(id)};
        return lettuce.<List<Object>>script(LuaScripts.DELETE, ScriptOutputType.MULTI, scriptKeys,
                condition(precondition), bytes(String.valueOf(precondition.version())), bytes(id), keys.indexHead(id),
                RedisSessionChanges.newEpoch(), changeStreamLength, now()).thenCompose(answer -> {
                    long outcome = answer == null || answer.isEmpty() ? -1 : (Long) answer.get(0);
                    if (outcome < 0) {
                        return CompletableFuture.completedFuture(DeleteResult.NOT_FOUND);
                    }
                    if (outcome == 0) {
                        return CompletableFuture.completedFuture(DeleteResult.PRECONDITION_FAILED);
                    }
                    if (answer.size() < 2) {
                        return CompletableFuture.completedFuture(DeleteResult.DELETED);
                    }
                    MoveMarker marker = MoveMarker.parse(text(answer.get(1)));
                    return deleteVersion(marker.newId(), marker.newVersion()).thenApply(ignored -> DeleteResult.DELETED);
                });
    }

    /** Deletes the session of {@code id} if it is at {@code version}. */
    private CompletionStage<DeleteResult> deleteVersion(String id, String version) {
        return delete(id, Precondition.version(version));
    }

    /**
     * One script when both keys are in one slot, else the protocol of the class comment. {@code NONE} is taken as
     * {@code PRESENT}: the session must exist.
     */
    @Override
    public CompletionStage<IdChangeResult> changeId(String id, String newId, Precondition precondition) {
        if (id.equals(newId)) {
            return CompletableFuture.completedFuture(IdChangeResult.idTaken());
        }
        byte[] oldKey = sessionKey(id);
        byte[] newKey = sessionKey(newId);
        String version = Versions.next();
        byte[] condition = bytes(precondition.kind() == Precondition.Kind.VERSION ? "version" : "present");
        byte[] expected = bytes(String.valueOf(precondition.version()));
        if (!clustered || SlotHash.getSlot(oldKey) == SlotHash.getSlot(newKey)) {
            int from = keys.partition(id);
            int to = keys.partition(newId);
            byte[][] scriptKeys = {oldKey, newKey, keys.feed(from), keys.changes(from), keys.feed(to), keys.changes(to),
                    keys.indexed(id), keys.indexed(newId)};
            return lettuce.<List<Object>>script(LuaScripts.CHANGE_ID, ScriptOutputType.MULTI, scriptKeys, condition,
                    expected, bytes(version), bytes(id), bytes(newId), keys.indexHead(id), keys.indexHead(newId),
                    RedisSessionChanges.newEpoch(), changeStreamLength, now()).thenApply(answer -> {
                        long outcome = (Long) answer.get(0);
                        return outcome == 1 ? IdChangeResult.changed(version, instant(answer.get(1)))
                                : outcome == 0 ? IdChangeResult.preconditionFailed()
                                : outcome == -1 ? IdChangeResult.notFound() : IdChangeResult.idTaken();
                    });
        }
        long now = clock.millis();
        MoveMarker marker = new MoveMarker(now + STAGED_TTL.toMillis(), version, newId);
        byte[] token = bytes(marker.toString());
        return lettuce.<List<Object>>script(LuaScripts.MOVE_OUT, ScriptOutputType.MULTI, oldKey, condition, expected,
                token, bytes(String.valueOf(now))).thenCompose(out -> {
                    long outcome = (Long) out.get(0);
                    if (outcome != 1) {
                        return CompletableFuture.completedFuture(outcome == 0 ? IdChangeResult.preconditionFailed()
                                : IdChangeResult.notFound());
                    }
                    Instant expiresAt = instant(out.get(4));
                    long shortLife = Math.max(1, Math.min(STAGED_TTL.toMillis(), expiresAt.toEpochMilli() - now));
                    byte[] digest = out.get(5) == null ? new byte[0] : (byte[]) out.get(5);
                    byte[] indexes = out.size() < 7 || out.get(6) == null ? new byte[0] : (byte[]) out.get(6);
                    return lettuce.<Long>script(LuaScripts.MOVE_IN, ScriptOutputType.INTEGER, newKey,
                            (byte[]) out.get(1), (byte[]) out.get(2), bytes(version), (byte[]) out.get(3),
                            (byte[]) out.get(4), digest, bytes(String.valueOf(shortLife)), indexes).thenCompose(in ->
                                    in == 1 ? commitMove(id, newId, token, version, expiresAt)
                                    : endMove(id, token, "abort").thenApply(ignored -> IdChangeResult.idTaken()));
                });
    }

    /** Steps 3 and 4 of an id change across slots, or the new hash deleted again when the old one changed meanwhile. */
    private CompletionStage<IdChangeResult> commitMove(String id, String newId, byte[] token, String version,
            Instant expiresAt) {
        return endMove(id, token, "commit").thenCompose(done -> {
            if (done != 1) {
                IdChangeResult failed = done == 0 ? IdChangeResult.preconditionFailed() : IdChangeResult.notFound();
                return deleteVersion(newId, version).thenApply(ignored -> failed);
            }
            int to = keys.partition(newId);
            byte[][] scriptKeys = {sessionKey(newId), keys.feed(to), keys.changes(to), keys.indexed(newId)};
            return lettuce.<Long>script(LuaScripts.MOVE_IN_DONE, ScriptOutputType.INTEGER, scriptKeys, bytes(version),
                    bytes(String.valueOf(expiresAt.toEpochMilli())), bytes(newId), keys.indexHead(newId),
                    RedisSessionChanges.newEpoch(), changeStreamLength, now(), INDEXES_KEPT)
                    .thenApply(finished -> finished == 1 ? IdChangeResult.changed(version, expiresAt)
                            : IdChangeResult.notFound());
        });
    }

    /** Step 3 on the old id ({@code commit}: deleted, out of its index sets, recorded as deleted), or its abort. */
    private CompletionStage<Long> endMove(String id, byte[] token, String how) {
        int from = keys.partition(id);
        byte[][] scriptKeys = {sessionKey(id), keys.feed(from), keys.changes(from), keys.indexed(id)};
        return lettuce.script(LuaScripts.MOVE_DONE, ScriptOutputType.INTEGER, scriptKeys, token, bytes(how), bytes(id),
                keys.indexHead(id), RedisSessionChanges.newEpoch(), changeStreamLength, now());
    }

    private static Instant instant(Object epochMillis) {
        return Instant.ofEpochMilli(Long.parseLong(text(epochMillis)));
    }

    /** The marker an id change across slots leaves in the old session's hash while it runs. */
    record MoveMarker(long untilMillis, String newVersion, String newId) {

        static MoveMarker parse(String text) {
            String[] parts = text.split(":", 3);
            return new MoveMarker(Long.parseLong(parts[0]), parts[1], parts[2]);
        }

        @Override
        public String toString() {
            return untilMillis + ":" + newVersion + ":" + newId;
        }
    }

    @Override
    public CompletionStage<Optional<Instant>> touch(String id) {
        return lettuce.<byte[]>script(LuaScripts.TOUCH, ScriptOutputType.VALUE,
                        new byte[][] {sessionKey(id), keys.indexed(id)}, now(), keys.indexHead(id), indexesKeptPastSlide)
                .thenApply(expires -> expires == null ? Optional.empty()
                        : Optional.of(Instant.ofEpochMilli(Long.parseLong(text(expires)))));
    }

    /**
     * The touch script of every id in one batch: one write to Redis (on a cluster, one per node that holds some of
     * the ids' slots), so a batch of touches costs about one round trip, not one per session.
     */
    @Override
    public CompletionStage<Map<String, Instant>> touchAll(List<String> ids) {
        if (ids.isEmpty()) {
            return CompletableFuture.completedFuture(Map.of());
        }
        byte[] now = now();
        return lettuce.batch(redis -> {
            List<CompletableFuture<byte @Nullable []>> touched = new ArrayList<>(ids.size());
            for (String id : ids) {
                touched.add(redis.<byte @Nullable []>script(LuaScripts.TOUCH, ScriptOutputType.VALUE,
                        new byte[][] {sessionKey(id), keys.indexed(id)}, now, keys.indexHead(id), indexesKeptPastSlide)
                        .toCompletableFuture());
            }
            return CompletableFuture.allOf(touched.toArray(CompletableFuture[]::new)).thenApply(done -> {
                Map<String, Instant> expiries = new LinkedHashMap<>();
                for (int i = 0; i < ids.size(); i++) {
                    byte[] expires = touched.get(i).join();
                    if (expires != null) {
                        expiries.put(ids.get(i), Instant.ofEpochMilli(Long.parseLong(text(expires))));
                    }
                }
                return expiries;
            });
        });
    }

    /**
     * One script per partition on its set of the value, all sent at once: each reads the versions of the sessions
     * its set lists (at most the bound of a set), drops those gone, and answers its first {@code limit} after the
     * cursor; the page is the first {@code limit} of all of them, in the order of the ids.
     */
    @Override
    public CompletionStage<IndexPage> sessions(String name, String value, @Nullable String after, int limit) {
        byte[] cursor = bytes(after == null ? "" : after);
        byte[] most = bytes(String.valueOf(limit));
        List<CompletableFuture<List<Object>>> partitions = new ArrayList<>(keys.partitions());
        for (int p = 0; p < keys.partitions(); p++) {
            partitions.add(lettuce.<List<Object>>script(LuaScripts.INDEX_SESSIONS, ScriptOutputType.MULTI,
                    keys.index(p, name, value), keys.sessionHead(p), EMPTY, cursor, most).toCompletableFuture());
        }
        return CompletableFuture.allOf(partitions.toArray(CompletableFuture[]::new)).thenApply(done -> {
            List<IndexedSession> sessions = new ArrayList<>();
            boolean more = false;
            for (CompletableFuture<List<Object>> partition : partitions) {
                List<Object> answer = partition.join();
                more |= ((byte[]) answer.get(0)).length > 0;
                for (int i = 1; i + 1 < answer.size(); i += 2) {
                    sessions.add(new IndexedSession(text(answer.get(i)), text(answer.get(i + 1))));
                }
            }
            // ids compared as the scripts compare them, by their bytes: ids are ASCII, so as strings
            sessions.sort(Comparator.comparing(IndexedSession::id));
            if (sessions.size() > limit) {
                sessions = sessions.subList(0, limit);
                more = true;
            }
            return new IndexPage(sessions, more && !sessions.isEmpty() ? sessions.get(sessions.size() - 1).id() : null);
        });
    }

    private byte[] sessionKey(String id) {
        return keys.session(id);
    }

    private byte[] now() {
        return bytes(String.valueOf(clock.millis()));
    }

    private static byte[] condition(Precondition precondition) {
        return bytes(precondition.kind().name().toLowerCase(Locale.ROOT));
    }

}
