package dev.sessiondata.client;

import dev.sessiondata.api.SerializersInfo;
import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.metrics.ClientMetrics;
import dev.sessiondata.client.schema.SchemaExchange;
import dev.sessiondata.serializer.MissingSchemaException;
import dev.sessiondata.serializer.SerializationException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The Java client of the session-data service: one per application, immutable and thread-safe.
 *
 * <p>Made by {@link #builder()}, which does no I/O and makes no serializer. The first write (or {@link #connect()})
 * asks the service for its active and accepted serializers and, when the one this client will write with needs its
 * schemas exchanged ({@link dev.sessiondata.serializer.SchemaExchangingSerializer}), exchanges them; a call that
 * fails for want of the service leaves the client unconnected, so the next one tries again. A read, a delete and a
 * touch need none of that: they send their one request at once, so the first read of a fresh application pays one
 * round trip, and makes only the serializer that the session was written with. A value is written with the service's active
 * serializer when this client has it, else with the best of its serializers the service still accepts (the one it
 * wrote with so far, else the first in the application's order), which it warns about once per switch and counts
 * ({@code sessiondata.client.fallback.writes}); so a client without the new serializer keeps writing through a
 * migration window. It is read with the serializer its stored {@code Content-Type} names, chosen only among the
 * serializers this client enabled. When an answer names another active serializer (an operator switched it), the
 * next writes follow it.
 *
 * <p>Integrity (RFC 9530): every write carries {@code Content-Digest: sha-256=:…:} of its bytes, and a read whose
 * answer carries {@code Repr-Digest} is checked against it before it is deserialized; a mismatch is an
 * {@link IntegrityException}. A service that sends no {@code Repr-Digest} is read without the check.
 *
 * <p>Time to live: every write has a form with an explicit {@code ttl}. A write without one leaves the ttl to the
 * service: a new session gets its {@code sessiondata.session.default-ttl}; for an existing one, a service that
 * keeps a session's ttl across writes keeps it, and one that does not resets it to that default, so pass the ttl
 * when it matters.
 *
 * <p>Errors: an absent session is {@link Optional#empty()} (or {@code false}); the service's refusals are
 * {@link SessionServiceException}s, one subtype per status a caller handles; a request without an answer is a
 * {@link SessionTransportException} with the {@link java.io.IOException} as its cause; a payload that cannot be
 * read is a {@link SerializationException}. See {@link SessionClientBuilder} for every option.
 */
public final class SessionClient {

    private final URI baseUri;
    private final ApiTransport transport;
    private final SerializerSet serializers;
    private final WriterChoice writers;
    private final ClientMetrics metrics;
    private final List<Class<?>> registeredClasses;
    private final boolean schemaExchange;
    /** Per serializer id: its exchange, or empty when it needs none (or the exchange is switched off). */
    private final ConcurrentMap<String, Optional<SchemaExchange>> exchanges = new ConcurrentHashMap<>();
    private final int maxPayloadBytes;
    private final UpdatePolicy updatePolicy;
    private final Object connectLock = new Object();
    private volatile boolean connected;

    SessionClient(ClientConfig config) {
        this.baseUri = config.baseUri();
        this.serializers = config.serializers();
        this.writers = new WriterChoice(serializers, baseUri, this::askSerializers);
        this.transport = new ApiTransport(config.exchange(), config.baseUri(), config.token(),
                config.requestTimeout(), config.metrics(), writers::announced);
        this.metrics = config.metrics();
        this.registeredClasses = config.settings().registeredClasses();
        this.schemaExchange = config.schemaExchange();
        this.maxPayloadBytes = config.settings().maxPayloadBytes();
        this.updatePolicy = config.updatePolicy();
    }

    public static SessionClientBuilder builder() {
        return new SessionClientBuilder();
    }

    /**
     * Performs the handshake now unless it happened already: learns the service's active serializer and exchanges
     * its schemas if it needs that. Optional: every write connects first. An application that wants to fail fast at
     * startup calls it; one that must start while the service is away does not. With {@code fory-shared} active it
     * also spares the first request Fory's code generation for the registered classes, which the serializer starts
     * in the background once their schemas are published (a fresh JDK 17 client's first {@code get} waits over a
     * second for it otherwise).
     *
     * @return this client
     * @throws SessionClientException if the handshake fails; a later call tries again
     */
    public SessionClient connect() {
        if (!connected) {
            synchronized (connectLock) {
                if (!connected) {
                    handshake();
                    connected = true;
                }
            }
        }
        return this;
    }

    /** The service's active serializer, as last announced (connects first). */
    public String activeSerializer() {
        connect();
        return writers.active();
    }

    /**
     * The serializer this client writes with now: the service's active one when this client has it, else the
     * accepted one it falls back to (connects first, and asks the service what it accepts when that changed).
     */
    public String writeSerializer() {
        connect();
        return writers.writer();
    }

    /**
     * Writes a session; returns its new version. The service chooses the time to live: see the class comment, or
     * pass one with {@link #put(String, Object, Duration)}.
     */
    public String put(String id, Object value) {
        connect();
        return versionOf(requireSuccess(write("put", id, value, null, null, null)));
    }

    /** Writes a session that lives for {@code ttl} (whole seconds, rounded up); returns its new version. */
    public String put(String id, Object value, Duration ttl) {
        connect();
        Objects.requireNonNull(ttl, "ttl");
        return versionOf(requireSuccess(write("put", id, value, ttl, null, null)));
    }

    /**
     * Writes a session only if none exists under {@code id}, with the service's default ttl.
     *
     * @return the new session's version, to replace or delete it against; empty if a session exists already
     */
    public Optional<String> putIfAbsent(String id, Object value) {
        return writeIfAbsent(id, value, null);
    }

    /**
     * Writes a session that lives for {@code ttl} only if none exists under {@code id}.
     *
     * @return the new session's version, to replace or delete it against; empty if a session exists already
     */
    public Optional<String> putIfAbsent(String id, Object value, Duration ttl) {
        return writeIfAbsent(id, value, Objects.requireNonNull(ttl, "ttl"));
    }

    private Optional<String> writeIfAbsent(String id, Object value, @Nullable Duration ttl) {
        connect();
        ApiResponse response = write("put-if-absent", id, value, ttl, "If-None-Match", "*");
        if (response.status() == 412) {
            return Optional.empty();
        }
        return Optional.of(versionOf(requireSuccess(response)));
    }

    /**
     * Writes a session only if it is still at {@code expectedVersion}; returns its new version. The service chooses
     * the time to live (see the class comment); {@link #replace(String, Object, String, Duration)} sets it.
     *
     * @throws ConflictException if it changed (or is absent)
     */
    public String replace(String id, Object value, String expectedVersion) {
        return writeIfAt(id, value, expectedVersion, null);
    }

    /**
     * Writes a session that lives for {@code ttl} only if it is still at {@code expectedVersion}; returns its new
     * version.
     *
     * @throws ConflictException if it changed (or is absent)
     */
    public String replace(String id, Object value, String expectedVersion, Duration ttl) {
        return writeIfAt(id, value, expectedVersion, Objects.requireNonNull(ttl, "ttl"));
    }

    private String writeIfAt(String id, Object value, String expectedVersion, @Nullable Duration ttl) {
        connect();
        Objects.requireNonNull(expectedVersion, "expectedVersion");
        ApiResponse response = write("replace", id, value, ttl, "If-Match", quote(expectedVersion));
        return versionOf(requireSuccess(response));
    }

    /** Reads a session, with its version and expiry; empty if it is absent or expired. */
    public <T> Optional<Versioned<T>> get(String id, Class<T> type) {
        Objects.requireNonNull(type, "type");
        ApiResponse response = read("get", id);
        if (response.status() == 404) {
            return Optional.empty();
        }
        return Optional.of(versioned(requireSuccess(response), type));
    }

    /**
     * Reads a session, applies {@code change} and writes the result only if nobody wrote in between; on a
     * conflict, waits a jittered, growing pause and starts again, up to the builder's
     * {@link SessionClientBuilder#updateAttempts(int) attempts}. {@code change} may run several times, so it must
     * not have side effects. The service chooses the time to live (see the class comment);
     * {@link #update(String, Class, UnaryOperator, Duration)} sets it.
     *
     * @return the value written
     * @throws SessionNotFoundException if the session is absent
     * @throws ConflictException if every attempt met a concurrent write
     */
    public <T> T update(String id, Class<T> type, UnaryOperator<T> change) {
        return updateWith(id, type, change, null);
    }

    /**
     * As {@link #update(String, Class, UnaryOperator)}, and the written session lives for {@code ttl}.
     *
     * @return the value written
     * @throws SessionNotFoundException if the session is absent
     * @throws ConflictException if every attempt met a concurrent write
     */
    public <T> T update(String id, Class<T> type, UnaryOperator<T> change, Duration ttl) {
        return updateWith(id, type, change, Objects.requireNonNull(ttl, "ttl"));
    }

    private <T> T updateWith(String id, Class<T> type, UnaryOperator<T> change, @Nullable Duration ttl) {
        connect();
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(change, "change");
        for (int attempt = 1; ; attempt++) {
            Versioned<T> current = versioned(requireSuccess(read("update", id)), type);
            T changed = Objects.requireNonNull(change.apply(current.value()), "change returned null");
            ApiResponse response = write("update", id, changed, ttl, "If-Match", quote(current.version()));
            if (response.status() != 412) {
                requireSuccess(response);
                return changed;
            }
            if (attempt >= updatePolicy.attempts()) {
                throw new ConflictException(response.request() + " conflicted on all " + attempt
                        + " attempts of update; last", Failures.problemOf(response));
            }
            pause(updatePolicy.backoff(attempt, ThreadLocalRandom.current()), response.request());
        }
    }

    /** Deletes a session; whether it existed. */
    public boolean delete(String id) {
        return deleteIf(id, null);
    }

    /**
     * Deletes a session only if it is still at {@code expectedVersion}, so that a write made since it was read is
     * not deleted unseen.
     *
     * @return whether it existed; false if it is absent or expired
     * @throws ConflictException if it is at another version
     */
    public boolean delete(String id, String expectedVersion) {
        return deleteIf(id, quote(Objects.requireNonNull(expectedVersion, "expectedVersion")));
    }

    private boolean deleteIf(String id, @Nullable String ifMatch) {
        ApiRequest request = ApiRequest.delete(sessionPath(id));
        if (ifMatch != null) {
            request = request.header("If-Match", ifMatch);
        }
        ApiResponse response = transport.send("delete", request, BoundedBody.ERROR_BODY_LIMIT);
        if (response.status() == 404) {
            return false;
        }
        requireSuccess(response);
        return true;
    }

    /**
     * Extends a session's time to live without reading it.
     *
     * @throws SessionNotFoundException if the session is absent
     */
    public void touch(String id) {
        requireSuccess(transport.send("touch", ApiRequest.post(sessionPath(id) + "/touch"),
                BoundedBody.ERROR_BODY_LIMIT));
    }

    /**
     * Learns the active and accepted serializers, chooses the one to write with and exchanges its schemas if it
     * needs that; logs one line about it.
     */
    private void handshake() {
        long start = System.nanoTime();
        WriterChoice.Chosen chosen = writers.chooseAgain();
        Optional<SchemaExchange.Exchanged> exchanged = exchangeOf(chosen.writer())
                .flatMap(exchange -> exchange.exchange(registeredClasses));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        ClientLog.LOG.info("Session client ready for {} in {} ms: active serializer {} (accepted {}), "
                + "writing with {}, {}", baseUri, millis, chosen.active(), chosen.accepted(), chosen.writer(),
                exchanged.map(SessionClient::describe).orElse("no schema exchange"));
    }

    private SerializersInfo askSerializers() {
        return ServerSerializers.parse(requireSuccess(transport.send("serializers",
                ApiRequest.get(SessionApi.SERIALIZERS_PATH), BoundedBody.ERROR_BODY_LIMIT)));
    }

    /** The schema exchange of an enabled serializer that needs one, made on first use. */
    private Optional<SchemaExchange> exchangeOf(String serializerId) {
        if (!schemaExchange) {
            return Optional.empty();
        }
        return exchanges.computeIfAbsent(serializerId, id -> serializers.schemaExchanging(id)
                .map(serializer -> new SchemaExchange(serializer, new HttpSchemaRemote(transport, id))));
    }

    private static String describe(SchemaExchange.Exchanged exchanged) {
        return "schemas: " + exchanged.uploaded() + " uploaded" + (exchanged.readOnly() ? " (read-only token)" : "")
                + "; others' are installed when a read needs them";
    }

    private ApiResponse write(String operation, String id, Object value, @Nullable Duration ttl,
                              @Nullable String condition, @Nullable String conditionValue) {
        Objects.requireNonNull(value, "value");
        String path = sessionPath(id) + (ttl == null ? "" : "?" + SessionApi.TTL_PARAMETER + "=" + seconds(ttl));
        String serializerId = writers.writer();
        ApiResponse response = put(operation, path, serializerId, value, condition, conditionValue);
        if (response.status() == 415) {
            // the service switched serializers, or closed a migration window, since we chose: choose again
            String chosen;
            try {
                chosen = writers.chooseAgain().writer();
            } catch (SerializerNotEnabledException none) {
                SessionServiceException refused = Failures.of(response);
                refused.addSuppressed(none);
                throw refused;
            }
            if (!chosen.equals(serializerId)) {
                response = put(operation, path, chosen, value, condition, conditionValue);
            }
        }
        return response;
    }

    private ApiResponse put(String operation, String path, String serializerId, Object value,
                            @Nullable String condition, @Nullable String conditionValue) {
        String active = writers.active();
        if (!serializerId.equals(active)) {
            metrics.fallbackWrite(active, serializerId);
        }
        byte[] body = serialize(serializerId, value);
        ApiRequest request = ApiRequest.put(path, body)
                .header("Content-Type", SessionApi.mediaTypeOf(serializerId))
                .header(ContentDigest.CONTENT_DIGEST, ContentDigest.of(body));
        if (condition != null && conditionValue != null) {
            request = request.header(condition, conditionValue);
        }
        return transport.send(operation, request, BoundedBody.ERROR_BODY_LIMIT);
    }

    private byte[] serialize(String serializerId, Object value) {
        exchangeOf(serializerId).ifPresent(exchange -> {
            exchange.exchange(registeredClasses).ifPresent(exchanged ->
                    ClientLog.LOG.info("Session client switched to {} by {}: {}", serializerId, baseUri,
                            describe(exchanged)));
            exchange.uploadIfNew(value.getClass());
        });
        return serializers.serialize(serializerId, value);
    }

    private ApiResponse read(String operation, String id) {
        return transport.send(operation, ApiRequest.get(sessionPath(id)), maxPayloadBytes);
    }

    private <T> Versioned<T> versioned(ApiResponse response, Class<T> type) {
        String contentType = response.header("Content-Type").orElse("");
        String serializerId = SessionApi.serializerIdOf(contentType).orElseThrow(() -> new SessionClientException(
                response.request() + " answered Content-Type '" + contentType + "', which names no serializer", null));
        serializers.requireEnabled(serializerId, "the session was written with");
        ContentDigest.verify(response.request(), response.headers().allValues(ContentDigest.REPR_DIGEST),
                response.body());
        T value = deserialize(serializerId, response.body(), type);
        String expiresAt = response.header(SessionApi.EXPIRES_AT_HEADER).orElseThrow(() ->
                new SessionClientException(response.request() + " answered without " + SessionApi.EXPIRES_AT_HEADER,
                        null));
        try {
            return new Versioned<>(value, versionOf(response), ExpiresAt.parse(expiresAt), serializerId);
        } catch (DateTimeParseException e) {
            throw new SessionClientException(response.request() + " answered an unreadable "
                    + SessionApi.EXPIRES_AT_HEADER + " '" + expiresAt + "'", e);
        }
    }

    private <T> T deserialize(String serializerId, byte[] data, Class<T> type) {
        Optional<SchemaExchange> exchange = exchangeOf(serializerId);
        if (exchange.isPresent()) {
            return exchange.get().read(() -> serializers.deserialize(serializerId, data, type));
        }
        try {
            return serializers.deserialize(serializerId, data, type);
        } catch (MissingSchemaException e) {
            throw new SerializationException(serializerId, "the payload names a class uid this application has no "
                    + "schema for, and the schema exchange is switched off (SessionClientBuilder.schemaExchange): "
                    + "it was written by another version of the class", e);
        }
    }

    private static ApiResponse requireSuccess(ApiResponse response) {
        if (response.status() / 100 != 2) {
            throw Failures.of(response);
        }
        return response;
    }

    private static String versionOf(ApiResponse response) {
        return response.version().orElseThrow(() ->
                new SessionClientException(response.request() + " answered without an ETag", null));
    }

    private static String sessionPath(String id) {
        Objects.requireNonNull(id, "id");
        if (!SessionApi.SESSION_ID.matcher(id).matches()) {
            throw new IllegalArgumentException("id must match " + SessionApi.SESSION_ID.pattern() + ", was '" + id
                    + "'");
        }
        return SessionApi.SESSIONS_PATH + "/" + id;
    }

    private static long seconds(Duration ttl) {
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("ttl must be positive, was " + ttl);
        }
        return ttl.getSeconds() + (ttl.getNano() > 0 ? 1 : 0);
    }

    private static String quote(String version) {
        return "\"" + version + "\"";
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
        return "SessionClient{" + baseUri + ", active=" + writers.active() + ", enabled="
                + serializers.enabled() + '}';
    }
}
