package dev.sessiondata.server.store.redis;

import static dev.sessiondata.server.store.redis.RedisCalls.bytes;
import static dev.sessiondata.server.store.redis.RedisCalls.text;

import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.IdChangeResult;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoreFullException;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.Versions;
import dev.sessiondata.server.store.WriteResult;
import io.lettuce.core.KeyValue;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.cluster.SlotHash;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
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
 * <p>Key layout, with {@code P} the configured prefix (default {@code sessiondata:}):
 * <ul>
 *   <li>{@code P session:{<id>}} — one hash per session: {@code data} (the body), {@code serializer} (its id),
 *       {@code version}, {@code ttl} (milliseconds), {@code expires} (epoch milliseconds, for the
 *       {@code Session-Expires-At} header) and {@code digest} (the {@code Repr-Digest} field value). Redis expires the key itself ({@code PEXPIRE ttl}). The session id
 *       is the key's hash tag, so in a Redis Cluster every key of one session lives in one slot; ids cannot
 *       contain braces, so the tag is always exactly the id.</li>
 *   <li>{@code P staged:{<id>}:<version>} — a write on its way: the same fields, renamed onto the session by the
 *       write's script in the same round trip, or removed by Redis after {@link #STAGED_TTL} when no commit came.</li>
 * </ul>
 * Every key name comes from {@link #key}.
 *
 * <p>An id change ({@link #changeId}) is one script when both keys are in one slot (always on one server: the
 * session hash is renamed, expiry and all). On a Cluster the two ids are in different slots and no script reaches
 * both, so the change is a protocol of four steps, each one script on one key:
 * <ol>
 *   <li>move out (old id): if the session exists at the version asked for and no unexpired marker is there, a
 *       marker {@code moving = <until>:<new version>:<new id>} goes into its hash, and the script answers the
 *       session's fields;</li>
 *   <li>move in (new id): unless the new id exists, its hash is created with those fields, the new version and a
 *       short life ({@link #STAGED_TTL} at most); if it exists, the marker is taken away and the change is
 *       {@code ID_TAKEN};</li>
 *   <li>commit (old id): if the old hash still holds this marker it is deleted; if not, a write replaced it (the
 *       rename drops the marker: {@code PRECONDITION_FAILED}) or a delete or expiry took it ({@code NOT_FOUND}), and
 *       the new id's hash is deleted again;</li>
 *   <li>finish (new id): its expiry becomes the session's own.</li>
 * </ol>
 * A delete that finds the marker deletes the new id's hash of that version as well. So a session deleted at any point
 * of a change is not alive under the new id once the delete and the change have answered: the commit, which
 * decides, needs the marker the delete took away, and whichever of the two comes second removes the new hash. Of
 * two changes of one id, the second finds the first's marker and fails; of two into one new id, the second finds
 * it taken. The window: between steps 2 and 3 the new id holds a copy nobody has been told of (the change has not
 * answered); if this server stops there, the copy lives until its short life ends, and the old session stays as
 * it was (its marker expires with its time); if it stops between steps 3 and 4, the session is gone once that short
 * life ends, as if deleted. Neither brings back a deleted session, since nobody was given the new id.
 *
 * <p>Every decision is taken inside one Lua script (Redis runs each atomically): the precondition and ttl of a
 * write, with the rename that makes it visible, so a conditional write either fully happens or not at all and a
 * session is never half-written; the ttl a slide uses. The body itself never passes through Lua (Redis pays for
 * every KB that goes in or out of its interpreter): a write stages it with {@code HSET}, a read takes it with
 * {@code HMGET}, each sent with its script in one batch, one round trip. The layout is the one older releases wrote and
 * read, so servers of both kinds can share a Redis while they are rolled. Session operations go through
 * Lettuce's own asynchronous API ({@link NativeRedis}) and never wait; the session count is the separate view
 * {@link RedisSessionStatistics}. An
 * unreachable Redis completes an operation's stage with a
 * {@link dev.sessiondata.server.store.StoreUnavailableException}; Lettuce reconnects by itself when it returns.
 */
public final class RedisSessionStore implements SessionStore {

    private static final byte[] DATA = bytes("data");
    private static final byte[] SERIALIZER = bytes("serializer");
    private static final byte[] VERSION = bytes("version");
    private static final byte[] TTL = bytes("ttl");
    private static final byte[] DIGEST = bytes("digest");

    /** The hash fields of a session, in the order a read asks for them. */
    private static final byte[][] FIELDS = {DATA, SERIALIZER, VERSION, TTL, bytes("expires"), DIGEST};

    /**
     * How long a staged write may wait for its commit, which follows it in the same round trip: only a server that
     * stops between the two leaves a staged hash behind, and Redis removes it after this.
     */
    static final Duration STAGED_TTL = Duration.ofMinutes(1);

    /** What a read's slide answers in place of the new expiry when Redis refused it for want of memory. */
    private static final byte[] SLIDE_REFUSED = new byte[0];

    private final NativeRedis lettuce;
    private final String prefix;
    private final Clock clock;
    private final long slideResolutionMillis;
    private final Runnable slideRefused;
    /** Whether the keys of one script must share a slot (Redis Cluster). */
    private final boolean clustered;

    /** A store whose every {@link #get} slides the session's expiry. */
    public RedisSessionStore(LettuceConnectionFactory connections, String keyPrefix, Clock clock) {
        this(connections, keyPrefix, clock, Duration.ZERO, () -> { });
    }

    /**
     * {@code slideResolution}: how long after its last slide or write a read leaves a session's expiry where it is
     * (zero: every read moves it; see {@link #get}). {@code slideRefused}: told of every slide Redis refused for want
     * of memory, whose read answered the session with the expiry it had (for a metric).
     */
    public RedisSessionStore(LettuceConnectionFactory connections, String keyPrefix, Clock clock,
            Duration slideResolution, Runnable slideRefused) {
        if (slideResolution.isNegative()) {
            throw new IllegalArgumentException("the slide resolution must not be negative: " + slideResolution);
        }
        this.slideResolutionMillis = slideResolution.toMillis();
        this.prefix = RedisCalls.checkPrefix(keyPrefix);
        this.lettuce = new NativeRedis(connections);
        this.clock = clock;
        this.slideRefused = slideRefused;
        this.clustered = connections.isClusterAware();
    }

    /**
     * A {@link #peek} is one {@code HMGET}; a {@code get} runs the touch script after it in the same round trip (one
     * batch, answered together). The script reads the session's ttl and moves its expiry in one atomic step, so the slide
     * never recreates a session deleted meanwhile and always uses the ttl the session has; the answer is what the
     * {@code HMGET} read with the expiry the slide set (empty when the slide found the session gone). The script
     * comes second so that the order holds when a node does not have it yet and it is sent again as {@code EVAL}.
     * The body never passes through Lua, which costs Redis per byte that goes in or out of its interpreter.
     *
     * <p>With a slide resolution, a sliding read is the {@code HMGET} alone while the session was slid or written
     * less than the resolution (at most half its ttl) ago, which the stored expiry minus the ttl says, on every
     * node alike; the answer then has the stored expiry, at most that much earlier than an exact slide would set.
     * A read past that point runs the touch script after the {@code HMGET}'s answer, a second round trip, once per
     * resolution and session.
     *
     * <p>A slide Redis refuses for want of memory ({@code noeviction} at {@code maxmemory} refuses every script
     * that may write) leaves the read as it was: the session is answered with its stored expiry and
     * {@code slideRefused} is told.
     */
    @Override
    public CompletionStage<Optional<StoredSession>> get(String id) {
        byte[] key = sessionKey(id);
        if (slideResolutionMillis > 0) {
            return peek(id).thenCompose(found -> slidIfDue(id, found));
        }
        byte[][] keys = {key};
        byte[] now = now();
        return lettuce.batch(redis -> {
            CompletionStage<List<KeyValue<byte[], byte[]>>> read = redis.hmget(key, FIELDS);
            CompletionStage<byte @Nullable []> slid = redis.<byte[]>script(LuaScripts.TOUCH, ScriptOutputType.VALUE,
                    keys, now).exceptionally(failure -> {
                        refusedSlide(failure);
                        return SLIDE_REFUSED;
                    });
            return read.thenCombine(slid, (fields, expires) -> expires == SLIDE_REFUSED ? session(fields, null)
                    : expires == null ? Optional.empty() : session(fields, expires));
        });
    }

    @Override
    public CompletionStage<Optional<StoredSession>> peek(String id) {
        byte[] key = sessionKey(id);
        return lettuce.call(redis -> redis.hmget(key, FIELDS)).thenApply(fields -> session(fields, null));
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
     * else slid by the touch script (empty when that found it gone).
     */
    private CompletionStage<Optional<StoredSession>> slidIfDue(String id, Optional<StoredSession> found) {
        if (found.isEmpty()) {
            return CompletableFuture.completedFuture(found);
        }
        StoredSession session = found.get();
        long ttl = session.ttl().toMillis();
        long lastSlide = session.expiresAt().toEpochMilli() - ttl;
        if (clock.millis() - lastSlide < Math.min(slideResolutionMillis, ttl / 2)) {
            return CompletableFuture.completedFuture(found);
        }
        return touch(id).thenApply(expires -> expires.map(at -> new StoredSession(session.data(),
                session.serializerId(), session.version(), session.ttl(), at, session.digest())))
                .exceptionally(failure -> {
                    refusedSlide(failure);
                    return found;
                });
    }

    /**
     * The session of an {@code HMGET} of {@link #FIELDS}, with {@code expires} instead of the stored one when given;
     * empty when it has no version (no such key).
     */
    private static Optional<StoredSession> session(List<KeyValue<byte[], byte[]>> fields, byte @Nullable [] expires) {
        if (fields.size() < FIELDS.length || !fields.get(2).hasValue()) {
            return Optional.empty();
        }
        return Optional.of(session(fields.get(0).getValue(), fields.get(1).getValue(), fields.get(2).getValue(),
                fields.get(3).getValue(), expires == null ? fields.get(4).getValue() : expires,
                fields.get(5).getValueOrElse(null)));
    }

    private static StoredSession session(byte[] data, byte[] serializer, byte[] version, byte[] ttl, byte[] expires,
            byte @Nullable [] digest) {
        return new StoredSession(data, text(serializer), text(version), Duration.ofMillis(Long.parseLong(text(ttl))),
                Instant.ofEpochMilli(Long.parseLong(text(expires))), digest == null ? null : text(digest));
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
        Map<byte[], byte[]> fields = new LinkedHashMap<>(8);
        fields.put(VERSION, bytes(version));
        fields.put(SERIALIZER, bytes(write.serializerId()));
        fields.put(DATA, write.data());
        byte[] ttl = bytes(String.valueOf(write.ttl().toMillis()));
        fields.put(TTL, ttl);
        if (digest != null) {
            fields.put(DIGEST, bytes(digest));
        }
        byte[][] keys = {sessionKey(id), key("staged", id, ":" + version)};
        byte[][] args = {condition(precondition), bytes(String.valueOf(precondition.version())), now(),
                bytes(write.keepsTtl() ? "1" : "0"), ttl};
        return lettuce.batch(redis -> {
            CompletionStage<Long> staged = redis.hset(keys[1], fields);
            CompletionStage<Boolean> expiring = redis.pexpire(keys[1], STAGED_TTL);
            CompletionStage<List<Object>> committed = redis.script(LuaScripts.PUT, ScriptOutputType.MULTI, keys, args);
            // a failed HSET (Redis out of memory) is the write's failure; the script then found nothing staged
            return staged.thenCombine(expiring, (count, expires) -> count).thenCombine(committed, (count, answer) -> {
                long outcome = answer == null || answer.isEmpty() ? 0 : (Long) answer.get(0);
                if (outcome < 0) {
                    throw new IllegalStateException(
                            "the staged write of session '" + id + "' was gone before its commit");
                }
                return outcome == 0 ? WriteResult.preconditionFailed() : WriteResult.written(outcome == 1, version,
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
        return lettuce.<List<Object>>script(LuaScripts.DELETE, ScriptOutputType.MULTI, sessionKey(id),
                condition(precondition), bytes(String.valueOf(precondition.version()))).thenCompose(answer -> {
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
    private CompletionStage<Object> deleteVersion(String id, String version) {
        return lettuce.script(LuaScripts.DELETE, ScriptOutputType.MULTI, sessionKey(id), bytes("version"),
                bytes(version));
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
            return lettuce.<List<Object>>script(LuaScripts.CHANGE_ID, ScriptOutputType.MULTI,
                    new byte[][] {oldKey, newKey}, condition, expected, bytes(version)).thenApply(answer -> {
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
                    return lettuce.<Long>script(LuaScripts.MOVE_IN, ScriptOutputType.INTEGER, newKey,
                            (byte[]) out.get(1), (byte[]) out.get(2), bytes(version), (byte[]) out.get(3),
                            (byte[]) out.get(4), digest, bytes(String.valueOf(shortLife))).thenCompose(in -> in == 1
                                    ? commitMove(oldKey, newId, newKey, token, version, expiresAt)
                                    : endMove(oldKey, token, "abort").thenApply(ignored -> IdChangeResult.idTaken()));
                });
    }

    /** Steps 3 and 4 of an id change across slots, or the new hash deleted again when the old one changed meanwhile. */
    private CompletionStage<IdChangeResult> commitMove(byte[] oldKey, String newId, byte[] newKey, byte[] token,
            String version, Instant expiresAt) {
        return endMove(oldKey, token, "commit").thenCompose(done -> {
            if (done != 1) {
                IdChangeResult failed = done == 0 ? IdChangeResult.preconditionFailed() : IdChangeResult.notFound();
                return deleteVersion(newId, version).thenApply(ignored -> failed);
            }
            return lettuce.<Long>script(LuaScripts.MOVE_IN_DONE, ScriptOutputType.INTEGER, newKey, bytes(version),
                    bytes(String.valueOf(expiresAt.toEpochMilli()))).thenApply(finished -> finished == 1
                            ? IdChangeResult.changed(version, expiresAt) : IdChangeResult.notFound());
        });
    }

    private CompletionStage<Long> endMove(byte[] oldKey, byte[] token, String how) {
        return lettuce.script(LuaScripts.MOVE_DONE, ScriptOutputType.INTEGER, oldKey, token, bytes(how));
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
        return lettuce.<byte[]>script(LuaScripts.TOUCH, ScriptOutputType.VALUE, sessionKey(id), now())
                .thenApply(expires -> expires == null ? Optional.empty()
                        : Optional.of(Instant.ofEpochMilli(Long.parseLong(text(expires)))));
    }

    private byte[] sessionKey(String id) {
        return key("session", id, "");
    }

    /** The one place a key is named: {@code P kind:{id}suffix}, the id its hash tag. */
    private byte[] key(String kind, String id, String suffix) {
        return bytes(prefix + kind + ":{" + id + "}" + suffix);
    }

    private byte[] now() {
        return bytes(String.valueOf(clock.millis()));
    }

    private static byte[] condition(Precondition precondition) {
        return bytes(precondition.kind().name().toLowerCase(Locale.ROOT));
    }

}
