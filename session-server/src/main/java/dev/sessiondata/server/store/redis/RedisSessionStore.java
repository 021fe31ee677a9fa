package dev.sessiondata.server.store.redis;

import static dev.sessiondata.server.store.redis.RedisCalls.bytes;
import static dev.sessiondata.server.store.redis.RedisCalls.text;

import dev.sessiondata.server.store.DeleteResult;
import dev.sessiondata.server.store.Precondition;
import dev.sessiondata.server.store.SessionStore;
import dev.sessiondata.server.store.SessionWrite;
import dev.sessiondata.server.store.StoredSession;
import dev.sessiondata.server.store.Versions;
import dev.sessiondata.server.store.WriteResult;
import io.lettuce.core.ScriptOutputType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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
 * </ul>
 *
 * <p>Every operation that reads and writes is one Lua script (Redis runs each atomically), so a conditional write
 * either fully happens or not at all, and a session is never half-written. Session operations go through
 * Lettuce's own asynchronous API ({@link NativeRedis}) and never wait; the session count is an estimate that never
 * passes over the key space ({@link SessionKeyCount}) and waits for its answers, off the event loops. An
 * unreachable Redis completes an operation's stage with a
 * {@link dev.sessiondata.server.store.StoreUnavailableException}; Lettuce reconnects by itself when it returns.
 */
public final class RedisSessionStore implements SessionStore {

    /** The hash fields of a session, in the order the get script answers them. */
    private static final byte[][] FIELDS = {bytes("data"), bytes("serializer"), bytes("version"), bytes("ttl"), bytes("expires"),
            bytes("digest")};

    /** Keys one session count touches per master: a standard error of 3 % when half the keys are sessions. */
    public static final int DEFAULT_COUNT_SAMPLE = 1000;

    private final NativeRedis lettuce;
    private final String prefix;
    private final Clock clock;
    private final SessionKeyCount count;

    public RedisSessionStore(LettuceConnectionFactory connections, String keyPrefix, Clock clock) {
        this(connections, keyPrefix, clock, DEFAULT_COUNT_SAMPLE);
    }

    /** {@code countSample}: the keys one session count may touch per master ({@link SessionKeyCount}). */
    public RedisSessionStore(LettuceConnectionFactory connections, String keyPrefix, Clock clock, int countSample) {
        this.prefix = RedisCalls.checkPrefix(keyPrefix);
        this.count = new SessionKeyCount(prefix + "session:", countSample);
        this.lettuce = new NativeRedis(connections);
        this.clock = clock;
    }

    /**
     * A sliding read is the get script (read and slide in one atomic step: done apart, a slide could recreate a
     * session deleted in between); a read that does not slide needs no condition and is a plain {@code HMGET}.
     */
    @Override
    public CompletionStage<Optional<StoredSession>> get(String id, boolean slide) {
        if (!slide) {
            return lettuce.call(redis -> redis.hmget(sessionKey(id), FIELDS)).thenApply(fields -> {
                if (fields.size() < FIELDS.length || !fields.get(2).hasValue()) {
                    return Optional.empty();
                }
                return Optional.of(session(fields.get(0).getValue(), fields.get(1).getValue(),
                        fields.get(2).getValue(), fields.get(3).getValue(), fields.get(4).getValue(),
                        fields.get(5).getValueOrElse(null)));
            });
        }
        return lettuce.<List<byte[]>>script(LuaScripts.GET, ScriptOutputType.MULTI, sessionKey(id), now())
                .thenApply(fields -> fields == null || fields.isEmpty() ? Optional.empty()
                        : Optional.of(session(fields.get(0), fields.get(1), fields.get(2), fields.get(3), fields.get(4),
                                fields.size() > 5 ? fields.get(5) : null)));
    }

    private static StoredSession session(byte[] data, byte[] serializer, byte[] version, byte[] ttl, byte[] expires,
            byte @Nullable [] digest) {
        return new StoredSession(data, text(serializer), text(version), Duration.ofMillis(Long.parseLong(text(ttl))),
                Instant.ofEpochMilli(Long.parseLong(text(expires))), digest == null ? null : text(digest));
    }

    /** Whether an existing session keeps its ttl is decided inside the script, so the expiry comes back from it. */
    @Override
    public CompletionStage<WriteResult> put(String id, SessionWrite write, Precondition precondition) {
        String version = Versions.next();
        String digest = write.digest();
        return lettuce.<List<Object>>script(LuaScripts.PUT, ScriptOutputType.MULTI, sessionKey(id),
                condition(precondition), bytes(String.valueOf(precondition.version())), bytes(version),
                bytes(write.serializerId()), write.data(), bytes(String.valueOf(write.ttl().toMillis())), now(),
                bytes(write.keepsTtl() ? "1" : "0"), bytes(digest == null ? "" : digest))
                .thenApply(answer -> {
                    long outcome = answer == null || answer.isEmpty() ? 0 : (Long) answer.get(0);
                    return outcome == 0 ? WriteResult.preconditionFailed() : WriteResult.written(outcome == 1, version,
                            Instant.ofEpochMilli(Long.parseLong(text((byte[]) answer.get(1)))));
                });
    }

    @Override
    public CompletionStage<DeleteResult> delete(String id, Precondition precondition) {
        return lettuce.<Long>script(LuaScripts.DELETE, ScriptOutputType.INTEGER, sessionKey(id), condition(precondition),
                bytes(String.valueOf(precondition.version()))).thenApply(outcome -> {
                    if (outcome == null || outcome < 0) {
                        return DeleteResult.NOT_FOUND;
                    }
                    return outcome == 0 ? DeleteResult.PRECONDITION_FAILED : DeleteResult.DELETED;
                });
    }

    @Override
    public CompletionStage<Optional<Instant>> touch(String id) {
        return lettuce.<byte[]>script(LuaScripts.TOUCH, ScriptOutputType.VALUE, sessionKey(id), now())
                .thenApply(expires -> expires == null ? Optional.empty()
                        : Optional.of(Instant.ofEpochMilli(Long.parseLong(text(expires)))));
    }

    /** Estimated from {@code DBSIZE} and a bounded sample of keys: {@link SessionKeyCount} says how closely. */
    @Override
    public long sessionCount() {
        return count.count(lettuce);
    }

    private byte[] sessionKey(String id) {
        return bytes(prefix + "session:{" + id + "}");
    }

    private byte[] now() {
        return bytes(String.valueOf(clock.millis()));
    }

    private static byte[] condition(Precondition precondition) {
        return bytes(precondition.kind().name().toLowerCase(Locale.ROOT));
    }

}
