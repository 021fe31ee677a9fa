package dev.sessiondata.client;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The non-blocking view of a {@link SessionClient} ({@link SessionClient#async()}), for reactive applications: the
 * same verbs, each returning a {@link CompletionStage} at once, and no thread waits for an answer. It shares its
 * client's pipeline (the token, the serializer negotiation, the digests, the meters, every other link) and its
 * handshake; only the last step differs: a JDK {@link java.net.http.HttpClient} sends without waiting (the
 * application's, given to {@link SessionClientBuilder#httpClient}, else one the client makes on the first call
 * here and closes with itself).
 *
 * <p>A stage completes on the HTTP client's executor, where the answer arrived, and the value is read there; a
 * failure completes it exceptionally with the exception the blocking verb throws (often wrapped in a
 * {@link java.util.concurrent.CompletionException} by a later stage). An update's pause after a conflict waits on a
 * timer, not on a thread. Writing a value serializes it on the calling thread, as the blocking verbs do.
 *
 * <p>What stays blocking, by design rare: the schema exchange of a serializer that needs one (once per client and
 * serializer, on the HTTP client's thread; once per class written that was not registered; the check that the
 * service still holds the published schemas, at most once per {@link SessionClientBuilder#schemaCheckInterval
 * check interval}; a read that meets a schema this client lacks), which is sent through the blocking path.
 */
public final class AsyncSessionClient {

    private final Transport transport;
    private final Handshake handshake;
    private final SessionCodec codec;
    private final UpdatePolicy updatePolicy;
    private final int maxPayloadBytes;

    AsyncSessionClient(Transport transport, Handshake handshake, SessionCodec codec, UpdatePolicy updatePolicy,
                       int maxPayloadBytes) {
        this.transport = transport;
        this.handshake = handshake;
        this.codec = codec;
        this.updatePolicy = updatePolicy;
        this.maxPayloadBytes = maxPayloadBytes;
    }

    /** As {@link SessionClient#connect()}. */
    public CompletionStage<Void> connect() {
        return handshake.connectAsync();
    }

    /** As {@link SessionClient#put(String, Object, WriteOptions)}: the new version. */
    public CompletionStage<String> put(String id, Object value, WriteOptions options) {
        return write("put", id, value, options)
                .thenApply(response -> SessionCodec.versionOf(response.requireSuccess()));
    }

    /** As {@link SessionClient#putIfAbsent(String, Object, WriteOptions)}: empty if a session exists already. */
    public CompletionStage<Optional<String>> putIfAbsent(String id, Object value, WriteOptions options) {
        return write("put-if-absent", id, value, options, "If-None-Match", "*").thenApply(response -> response.status() == 412
                ? Optional.empty() : Optional.of(SessionCodec.versionOf(response.requireSuccess())));
    }

    /** As {@link SessionClient#replace(String, Object, String, WriteOptions)}: a {@link ConflictException} if it changed. */
    public CompletionStage<String> replace(String id, Object value, String expectedVersion, WriteOptions options) {
        Objects.requireNonNull(expectedVersion, "expectedVersion");
        return write("replace", id, value, options, "If-Match", SessionRequests.ifMatch(expectedVersion))
                .thenApply(response -> SessionCodec.versionOf(response.requireSuccess()));
    }

    /** As {@link SessionClient#get(String, Class)}: empty if it is absent or expired. */
    public <T> CompletionStage<Optional<Versioned<T>>> get(String id, Class<T> type) {
        return get(id, type, ReadOptions.defaults());
    }

    /**
     * As {@link SessionClient#get(String, Class, ReadOptions)}: with {@link ReadOptions#atLeast}, a near cache serves
     * only an entry of that version; empty if it is absent or expired.
     */
    public <T> CompletionStage<Optional<Versioned<T>>> get(String id, Class<T> type, ReadOptions options) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(options, "options");
        ApiRequest request = SessionRequests.read("get", id, maxPayloadBytes);
        if (options.minVersion() != null) {
            request = request.header(NearCacheInterceptor.MIN_VERSION_HEADER, options.minVersion());
        }
        return send(request).thenApply(response -> response.status() == 404 ? Optional.empty()
                : Optional.of(codec.decode(response.requireSuccess(), type)));
    }

    /**
     * As {@link SessionClient#update(String, Class, UnaryOperator, WriteOptions)}: the value written, or a
     * {@link SessionNotFoundException}, {@link ConflictException} or {@link OutcomeUnknownException}; a write whose
     * outcome is unknown ({@code 504}) is settled by the next read as the blocking verb settles it, so the change is
     * not applied twice. {@code change} runs where the read's answer arrived, possibly several times.
     */
    public <T> CompletionStage<T> update(String id, Class<T> type, UnaryOperator<T> change, WriteOptions options) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(change, "change");
        Objects.requireNonNull(options, "options");
        return update(id, type, change, options, 1, null);
    }

    /** A write answered {@code 504}: the digest of the bytes it sent, and the value they carry. */
    private record Unsettled<T>(String digest, T value) {
    }

    /** As {@link SessionClient#delete(String)}: whether it existed. */
    public CompletionStage<Boolean> delete(String id) {
        return delete(SessionRequests.delete(id));
    }

    /** As {@link SessionClient#delete(String, String)}: whether it existed; a {@link ConflictException} if it changed. */
    public CompletionStage<Boolean> delete(String id, String expectedVersion) {
        return delete(SessionRequests.delete(id, Objects.requireNonNull(expectedVersion, "expectedVersion")));
    }

    /** As {@link SessionClient#touch}: a {@link SessionNotFoundException} if the session is absent. */
    public CompletionStage<Void> touch(String id) {
        return send(SessionRequests.touch(id)).thenAccept(ApiResponse::requireSuccess);
    }

    /** As {@link SessionClient#changeId(String, String)}: the session's new version. */
    public CompletionStage<String> changeId(String id, String newId) {
        return send(SessionRequests.changeId(id, newId))
                .thenApply(response -> SessionCodec.versionOf(response.requireSuccess()));
    }

    /** As {@link SessionClient#changeId(String, String, String)}: the session's new version. */
    public CompletionStage<String> changeId(String id, String newId, String expectedVersion) {
        return send(SessionRequests.changeId(id, newId, expectedVersion))
                .thenApply(response -> SessionCodec.versionOf(response.requireSuccess()));
    }

    /** As {@link SessionClient#sessionsOf}: every session of the index value, page after page. */
    public CompletionStage<List<IndexedSession>> sessionsOf(String name, String value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        return sessionsOf(name, value, null, new ArrayList<>());
    }

    private CompletableFuture<List<IndexedSession>> sessionsOf(String name, String value, @Nullable String after,
                                                               List<IndexedSession> found) {
        return send(ApiRequest.get("sessions-of", IndexPages.path(name, value, after), maxPayloadBytes))
                .thenCompose(response -> {
                    IndexPages.Page page = IndexPages.parse(response.requireSuccess());
                    found.addAll(page.sessions());
                    return page.next() == null ? CompletableFuture.completedFuture(List.copyOf(found))
                            : sessionsOf(name, value, page.next(), found);
                });
    }

    private <T> CompletableFuture<T> update(String id, Class<T> type, UnaryOperator<T> change, WriteOptions options,
                                            int attempt, @Nullable Unsettled<T> unsettled) {
        return read("update", id).thenCompose(response -> {
            if (!response.isSuccessful()) {
                if (unsettled == null || (response.status() != 503 && response.status() != 504)
                        || attempt >= updatePolicy.attempts()) {
                    throw Failures.of(response);
                }
                // the store that did not answer the write may not answer its read yet either: read again later
                return later(attempt).thenCompose(paused -> update(id, type, change, options, attempt + 1, unsettled));
            }
            if (unsettled != null && unsettled.digest().equals(ContentDigest.of(response.body()))) {
                // the write answered 504 was applied: the session holds the very bytes it sent
                return CompletableFuture.completedFuture(unsettled.value());
            }
            Versioned<T> current = codec.decode(response, type);
            T changed = Objects.requireNonNull(change.apply(current.value()), "change returned null");
            return encode(changed).thenCompose(body -> transport.sendAsync(SessionRequests.write("update", id, options,
                            body, "If-Match", SessionRequests.ifMatch(current.version())))
                    .thenCompose(written -> {
                        if (written.isSuccessful()) {
                            return CompletableFuture.completedFuture(changed);
                        }
                        Unsettled<T> next = unsettled;
                        if (written.status() == 504) {
                            // a later attempt's If-Match (the version read before this write) fails if it lands late
                            next = new Unsettled<>(ContentDigest.of(body.bytes()), changed);
                        } else if (written.status() != 412) {
                            throw Failures.of(written);
                        }
                        if (attempt >= updatePolicy.attempts()) {
                            if (written.status() == 504) {
                                throw Failures.of(written);
                            }
                            throw new ConflictException(written.request() + " conflicted on all " + attempt
                                    + " attempts of update; last", Failures.problemOf(written));
                        }
                        Unsettled<T> settledBy = next;
                        return later(attempt).thenCompose(paused ->
                                update(id, type, change, options, attempt + 1, settledBy));
                    }));
        });
    }

    /** Completes after the update policy's pause for {@code attempt}, on a timer, not a waiting thread. */
    private CompletableFuture<Void> later(int attempt) {
        long pause = updatePolicy.backoff(attempt, ThreadLocalRandom.current()).toNanos();
        Executor later = CompletableFuture.delayedExecutor(pause, TimeUnit.NANOSECONDS);
        return CompletableFuture.runAsync(() -> { }, later);
    }

    private CompletableFuture<Boolean> delete(ApiRequest request) {
        return send(request).thenApply(response -> {
            if (response.status() == 404) {
                return false;
            }
            response.requireSuccess();
            return true;
        });
    }

    /** Connects if needed, chooses the writer (asking only when the active serializer is new), sends the bytes. */
    /**
     * @param condition the precondition's header and value, if any
     * @throws IllegalArgumentException at once if the id is not one the service takes
     */
    private CompletableFuture<ApiResponse> write(String operation, String id, Object value, WriteOptions options,
                                                 String... condition) {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(options, "options");
        SessionRequests.sessionPath(id);
        return encode(value).thenCompose(body -> transport.sendAsync(
                SessionRequests.write(operation, id, options, body, condition)));
    }

    /** Connects if needed, chooses the writer (asking only when the active serializer is new), serializes. */
    private CompletableFuture<SessionBody> encode(Object value) {
        return handshake.connectAsync()
                .thenCompose(connected -> handshake.writerAsync())
                .thenApply(writer -> codec.encode(writer, value));
    }

    private CompletableFuture<ApiResponse> read(String operation, String id) {
        return send(SessionRequests.read(operation, id, maxPayloadBytes));
    }

    /** @throws IllegalStateException at once if the client was closed */
    private CompletableFuture<ApiResponse> send(ApiRequest request) {
        return transport.sendAsync(request);
    }

    @Override
    public String toString() {
        return "AsyncSessionClient{" + handshake.describe() + '}';
    }
}
