package dev.sessiondata.client;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.internal.ApiRequest;
import dev.sessiondata.client.internal.ApiResponse;
import dev.sessiondata.client.internal.ContentDigest;
import dev.sessiondata.client.internal.Failures;
import dev.sessiondata.client.internal.Handshake;
import dev.sessiondata.client.internal.IndexPages;
import dev.sessiondata.client.internal.SessionBody;
import dev.sessiondata.client.internal.SessionCodec;
import dev.sessiondata.client.internal.SessionRequests;
import dev.sessiondata.client.internal.Transport;
import dev.sessiondata.client.internal.UpdatePolicy;
import dev.sessiondata.client.internal.nearcache.NearCacheInterceptor;
import dev.sessiondata.serializer.SerializationException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The Java client of the session-data service: one per application, thread-safe, and {@link #close() closed} with
 * it. It holds the verbs; every request goes through one pipeline (the token, the serializer negotiation, the
 * digests, the meters), so the verbs do not know how an answer was obtained.
 *
 * <p>Made by {@link #builder()}, which does no I/O and makes no serializer. The first write (or {@link #connect()})
 * asks the service for its active and accepted serializers and, when the one this client will write with needs its
 * schemas exchanged ({@link dev.sessiondata.serializer.SchemaExchangingSerializer}), publishes them; a call that
 * fails for want of the service leaves the client unconnected, so the next one tries again. A read, a delete and a
 * touch need none of that: they send their one request at once, so the first read of a fresh application pays one
 * round trip, and makes only the serializer that the session was written with. A value is written with the
 * service's active serializer when this client has it, else with the best of its serializers the service still
 * accepts (the one it wrote with so far, else the first in the application's order), which it warns about once per
 * switch and counts ({@code sessiondata.client.fallback.writes}); so a client without the new serializer keeps
 * writing through a migration window. It is read with the serializer its stored {@code Content-Type} names, chosen
 * only among the serializers this client enabled. When an answer names another active serializer (an operator
 * switched it), the next writes follow it; a write refused with {@code 415} is sent once more with the serializer
 * the service's answer then chooses.
 *
 * <p>Schemas: a writer checks, at most once per {@link SessionClientBuilder#schemaCheckInterval check interval},
 * that the service still holds the schemas it published, and publishes them again when the service lost them (a
 * memory store restarted, Redis flushed or failed over).
 *
 * <p>Integrity (RFC 9530): every write carries {@code Content-Digest: sha-256=:…:} of its bytes, and a read whose
 * answer carries {@code Repr-Digest} is checked against it before it is deserialized; a mismatch is an
 * {@link IntegrityException}. A service that sends no {@code Repr-Digest} is read without the check, unless the
 * client was built with {@link SessionClientBuilder#requireReprDigest(boolean) requireReprDigest(true)}: then such
 * an answer is a {@link MissingDigestException}. Digests detect corruption, not tampering (whoever can change the
 * stored bytes can change the stored digest too).
 *
 * <p>An answer whose outcome is unknown ({@code 504}, the store did not answer in time and may have applied the
 * write) is an {@link OutcomeUnknownException}, a kind of {@link ServiceUnavailableException}; {@link #update
 * update} then reads the session and, when it holds the bytes it sent, takes the write as done, so that it never
 * applies its change twice over its own write.
 *
 * <p>Time to live and index values: each write takes {@link WriteOptions}; without them
 * ({@link WriteOptions#defaults()}) the service chooses the ttl and lists the session under no index value, as
 * {@link WriteOptions} explains. {@link #sessionsOf} lists the sessions of an index value (those of a user).
 *
 * <p>Errors: an absent session is {@link Optional#empty()} (or {@code false}); the service's refusals are
 * {@link SessionServiceException}s, one subtype per status a caller handles; a request without an answer is a
 * {@link SessionTransportException} with the {@link java.io.IOException} as its cause; a payload that cannot be
 * read is a {@link SerializationException}; any call after {@link #close()} is an {@link IllegalStateException}.
 * See {@link SessionClientBuilder} for every option.
 */
public final class SessionClient implements AutoCloseable {

    private final SessionClientBuilder origin;
    private final Transport transport;
    private final Handshake handshake;
    private final SessionCodec codec;
    private final UpdatePolicy updatePolicy;
    private final int maxPayloadBytes;
    private final AsyncSessionClient async;

    SessionClient(SessionClientBuilder origin, Transport transport, Handshake handshake, SessionCodec codec,
                  UpdatePolicy updatePolicy, int maxPayloadBytes) {
        this.origin = origin;
        this.transport = transport;
        this.handshake = handshake;
        this.codec = codec;
        this.updatePolicy = updatePolicy;
        this.maxPayloadBytes = maxPayloadBytes;
        this.async = new AsyncSessionClient(transport, handshake, codec, updatePolicy, maxPayloadBytes);
    }

    public static SessionClientBuilder builder() {
        return new SessionClientBuilder();
    }

    /**
     * A builder with this client's configuration, to build a variant of it. It shares what the application gave
     * (an {@code HttpClient}, a {@code MeterRegistry}); a client it builds makes its own transport.
     */
    public SessionClientBuilder newBuilder() {
        return origin.copy();
    }

    /**
     * The non-blocking view of this client, for reactive applications: the same verbs returning
     * {@link java.util.concurrent.CompletionStage}s, through the same pipeline, connection state and configuration.
     * Closing this client closes it too.
     */
    public AsyncSessionClient async() {
        return async;
    }

    /**
     * Performs the handshake now unless it happened already: learns the service's active serializer and publishes
     * its schemas if it needs that. Optional: every write connects first. An application that wants to fail fast at
     * startup calls it; one that must start while the service is away does not. With {@code fory-shared} active it
     * also spares the first request Fory's code generation for the registered classes, which the serializer starts
     * in the background once their schemas are published.
     *
     * @return this client
     * @throws SessionClientException if the handshake fails; a later call tries again
     */
    public SessionClient connect() {
        handshake.connect();
        return this;
    }

    /** Asks the service now which serializer it writes new sessions with (one request). */
    public String fetchActiveSerializer() {
        return handshake.askActive();
    }

    /**
     * Asks the service now which serializers it accepts, and says which one this client writes with after that
     * answer: the active one when this client has it, else the accepted one it falls back to (one request).
     */
    public String fetchWriteSerializer() {
        return handshake.askWriter();
    }

    /** Writes a session; returns its new version. The service chooses the time to live ({@link WriteOptions}). */
    public String put(String id, Object value) {
        return put(id, value, WriteOptions.defaults());
    }

    /** Writes a session with {@code options}; returns its new version. */
    public String put(String id, Object value, WriteOptions options) {
        return SessionCodec.versionOf(write("put", id, value, options, null).requireSuccess());
    }

    /**
     * Writes a session only if none exists under {@code id}; the service chooses the time to live.
     *
     * @return the new session's version, to replace or delete it against; empty if a session exists already
     */
    public Optional<String> putIfAbsent(String id, Object value) {
        return putIfAbsent(id, value, WriteOptions.defaults());
    }

    /**
     * Writes a session with {@code options} only if none exists under {@code id}.
     *
     * @return the new session's version, to replace or delete it against; empty if a session exists already
     */
    public Optional<String> putIfAbsent(String id, Object value, WriteOptions options) {
        ApiResponse response = write("put-if-absent", id, value, options, new Condition("If-None-Match", "*"));
        if (response.status() == 412) {
            return Optional.empty();
        }
        return Optional.of(SessionCodec.versionOf(response.requireSuccess()));
    }

    /**
     * Writes a session only if it is still at {@code expectedVersion}; returns its new version. The service chooses
     * the time to live.
     *
     * @throws ConflictException if it changed (or is absent)
     */
    public String replace(String id, Object value, String expectedVersion) {
        return replace(id, value, expectedVersion, WriteOptions.defaults());
    }

    /**
     * Writes a session with {@code options} only if it is still at {@code expectedVersion}; returns its new version.
     *
     * @throws ConflictException if it changed (or is absent)
     */
    public String replace(String id, Object value, String expectedVersion, WriteOptions options) {
        Objects.requireNonNull(expectedVersion, "expectedVersion");
        ApiResponse response = write("replace", id, value, options, ifMatch(expectedVersion));
        return SessionCodec.versionOf(response.requireSuccess());
    }

    /** Reads a session, with its version and expiry; empty if it is absent or expired. */
    public <T> Optional<Versioned<T>> get(String id, Class<T> type) {
        return get(id, type, ReadOptions.defaults());
    }

    /**
     * Reads a session with {@code options}, such as the version the user's last response came from
     * ({@link ReadOptions#atLeast}); empty if it is absent or expired.
     */
    public <T> Optional<Versioned<T>> get(String id, Class<T> type, ReadOptions options) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(options, "options");
        ApiRequest request = ApiRequest.get("get", sessionPath(id), maxPayloadBytes);
        if (options.minVersion() != null) {
            request = request.header(NearCacheInterceptor.MIN_VERSION_HEADER, options.minVersion());
        }
        ApiResponse response = transport.send(request);
        if (response.status() == 404) {
            return Optional.empty();
        }
        return Optional.of(codec.decode(response.requireSuccess(), type));
    }

    /**
     * Reads a session, applies {@code change} and writes the result only if nobody wrote in between; on a
     * conflict, waits a jittered, growing pause and starts again, up to the builder's
     * {@link SessionClientBuilder#updateAttempts(int) attempts}. {@code change} may run several times, so it must
     * not have side effects. A write whose outcome is unknown ({@code 504}) counts as an attempt and is followed by a
     * read: a session holding the bytes that write sent (same content digest) is taken as written, so the change is
     * not applied twice; a session still at the version read is written again, whose {@code If-Match} the late
     * write, should it land after all, then fails. What this cannot tell: the unknown write applied and then
     * overwritten by another client before the read, whose state the change is applied to once more. The service
     * chooses the time to live.
     *
     * @return the value written
     * @throws SessionNotFoundException if the session is absent
     * @throws ConflictException if every attempt met a concurrent write
     * @throws OutcomeUnknownException if the last attempt's outcome is unknown
     */
    public <T> T update(String id, Class<T> type, UnaryOperator<T> change) {
        return update(id, type, change, WriteOptions.defaults());
    }

    /**
     * As {@link #update(String, Class, UnaryOperator)}, and the written session is written with {@code options}.
     *
     * @return the value written
     * @throws SessionNotFoundException if the session is absent
     * @throws ConflictException if every attempt met a concurrent write
     */
    public <T> T update(String id, Class<T> type, UnaryOperator<T> change, WriteOptions options) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(change, "change");
        Objects.requireNonNull(options, "options");
        // the digest of a write whose outcome the service could not tell, and the value it carried
        String unsettledDigest = null;
        T unsettledValue = null;
        for (int attempt = 1; ; attempt++) {
            ApiResponse read = read("update", id);
            if (!read.isSuccessful()) {
                if (unsettledDigest == null || (read.status() != 503 && read.status() != 504)
                        || attempt >= updatePolicy.attempts()) {
                    throw Failures.of(read);
                }
                // the store that did not answer the write may not answer its read yet either: read again later
                pause(updatePolicy.backoff(attempt, ThreadLocalRandom.current()), read.request());
                continue;
            }
            if (unsettledDigest != null && unsettledDigest.equals(ContentDigest.of(read.body()))) {
                // the write answered 504 was applied: the session holds the very bytes it sent
                return unsettledValue;
            }
            Versioned<T> current = codec.decode(read, type);
            T changed = Objects.requireNonNull(change.apply(current.value()), "change returned null");
            SessionBody body = encode(changed);
            ApiResponse response = send("update", id, body, options, ifMatch(current.version()));
            if (response.isSuccessful()) {
                return changed;
            }
            if (response.status() == 504) {
                // a later attempt's If-Match (the version read before that write) fails if the write lands late
                unsettledDigest = ContentDigest.of(body.bytes());
                unsettledValue = changed;
            } else if (response.status() != 412) {
                throw Failures.of(response);
            }
            if (attempt >= updatePolicy.attempts()) {
                if (response.status() == 504) {
                    throw Failures.of(response);
                }
                throw new ConflictException(response.request() + " conflicted on all " + attempt
                        + " attempts of update; last", Failures.problemOf(response));
            }
            pause(updatePolicy.backoff(attempt, ThreadLocalRandom.current()), response.request());
        }
    }

    /**
     * Moves a session to {@code newId} in one conditional step of the service: afterwards {@code id} is gone and
     * {@code newId} holds the session, with its expiry and a new version. A session deleted meanwhile is never
     * brought back under the new id. For a new id after a login (session fixation), as Spring Session's
     * {@code changeSessionId}.
     *
     * @return the session's new version
     * @throws SessionNotFoundException if no session is under {@code id}
     * @throws SessionExistsException if a session is under {@code newId} already
     * @throws ConflictException if another change of the session's id is under way
     */
    public String changeId(String id, String newId) {
        return SessionCodec.versionOf(transport.send(SessionRequests.changeId(id, newId)).requireSuccess());
    }

    /**
     * As {@link #changeId(String, String)}, only if the session is still at {@code expectedVersion}.
     *
     * @return the session's new version
     * @throws SessionNotFoundException if no session is under {@code id}
     * @throws SessionExistsException if a session is under {@code newId} already
     * @throws ConflictException if the session is at another version
     */
    public String changeId(String id, String newId, String expectedVersion) {
        return SessionCodec.versionOf(transport.send(SessionRequests.changeId(id, newId, expectedVersion))
                .requireSuccess());
    }

    /** Deletes a session; whether it existed. */
    public boolean delete(String id) {
        return delete(ApiRequest.delete("delete", sessionPath(id)));
    }

    /**
     * Deletes a session only if it is still at {@code expectedVersion}, so that a write made since it was read is
     * not deleted unseen.
     *
     * @return whether it existed; false if it is absent or expired
     * @throws ConflictException if it is at another version
     */
    public boolean delete(String id, String expectedVersion) {
        Condition condition = ifMatch(Objects.requireNonNull(expectedVersion, "expectedVersion"));
        return delete(ApiRequest.delete("delete", sessionPath(id)).header(condition.header(), condition.value()));
    }

    /**
     * Extends a session's time to live without reading it.
     *
     * @throws SessionNotFoundException if the session is absent
     */
    public void touch(String id) {
        transport.send(ApiRequest.post("touch", sessionPath(id) + "/touch")).requireSuccess();
    }

    /**
     * The live sessions listed under {@code value} of index {@code name} (such as
     * {@link dev.sessiondata.api.SessionApi#PRINCIPAL_INDEX}), in the order of their ids, with their versions: the
     * sessions whose last write gave them that value ({@link WriteOptions#withIndex}) and that were not deleted or
     * expired since. Follows the service's pages to the last; the service bounds how many sessions one value lists.
     *
     * @throws SessionServiceException with {@code 400} if the service keeps no index of that name
     */
    public List<IndexedSession> sessionsOf(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        List<IndexedSession> sessions = new ArrayList<>();
        String after = null;
        do {
            IndexPages.Page page = IndexPages.parse(transport.send(ApiRequest.get("sessions-of",
                    IndexPages.path(name, value, after), maxPayloadBytes)).requireSuccess());
            sessions.addAll(page.sessions());
            after = page.next();
        } while (after != null);
        return List.copyOf(sessions);
    }

    /**
     * Releases what this client made: the {@code HttpClient} it built for an {@code https} service (where the JDK
     * can close one). What the application gave it (an {@code HttpClient}, a {@code MeterRegistry}) stays open.
     * Every later call is refused with an {@link IllegalStateException}.
     */
    @Override
    public void close() {
        transport.close();
    }

    private boolean delete(ApiRequest request) {
        ApiResponse response = transport.send(request);
        if (response.status() == 404) {
            return false;
        }
        response.requireSuccess();
        return true;
    }

    private ApiResponse write(String operation, String id, Object value, WriteOptions options,
                              @Nullable Condition condition) {
        Objects.requireNonNull(value, "value");
        SessionRequests.sessionPath(id);
        return send(operation, id, encode(value), options, condition);
    }

    /** The bytes of {@code value} in the serializer this client writes with, connected first. */
    private SessionBody encode(Object value) {
        connect();
        return codec.encode(handshake.writer(), value);
    }

    private ApiResponse send(String operation, String id, SessionBody body, WriteOptions options,
                             @Nullable Condition condition) {
        Objects.requireNonNull(options, "options");
        return transport.send(condition == null ? SessionRequests.write(operation, id, options, body)
                : SessionRequests.write(operation, id, options, body, condition.header(), condition.value()));
    }

    private ApiResponse read(String operation, String id) {
        return transport.send(SessionRequests.read(operation, id, maxPayloadBytes));
    }

    /** A precondition of a write: the header that carries it and its value. */
    private record Condition(String header, String value) {
    }

    private static Condition ifMatch(String version) {
        return new Condition("If-Match", SessionRequests.ifMatch(version));
    }

    private static String sessionPath(String id) {
        return SessionRequests.sessionPath(id);
    }

    private static void pause(Duration pause, String request) {
        try {
            TimeUnit.NANOSECONDS.sleep(pause.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = new InterruptedIOException("interrupted between update attempts");
            interrupted.initCause(e);
            throw new SessionTransportException(request + " was not retried", interrupted);
        }
    }

    @Override
    public String toString() {
        return "SessionClient{" + handshake.describe() + '}';
    }
}
