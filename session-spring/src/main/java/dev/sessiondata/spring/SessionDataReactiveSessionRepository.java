package dev.sessiondata.spring;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.AsyncSessionClient;
import dev.sessiondata.client.ConflictException;
import dev.sessiondata.client.ReadOptions;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionNotFoundException;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.client.WriteOptions;
import dev.sessiondata.serializer.SerializerSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.FlushMode;
import org.springframework.session.ReactiveFindByIndexNameSessionRepository;
import org.springframework.session.ReactiveSessionRepository;
import org.springframework.session.SaveMode;
import org.springframework.session.SessionIdGenerator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * A Spring Session {@link ReactiveFindByIndexNameSessionRepository} on the session-data service, for WebFlux applications
 * ({@code @EnableSpringWebSession}): the sessions, their stored form and every rule of
 * {@link SessionDataSessionRepository} (the servlet one: only a request's changes written, merged on a conflict;
 * {@code changeSessionId()} moving the session and never resurrecting one deleted meanwhile; expiry by the
 * service), sent through the client's non-blocking view ({@link SessionClient#async()}), so that no thread waits
 * for the service. A servlet application and a WebFlux one share their sessions through the service.
 *
 * <p>Each returned {@link Mono} sends nothing until subscribed. Spring Session's reactive API has no flush mode: a
 * session is written when the web session is saved, at the end of the request. Thread-safe; its setters are for
 * configuration before use.
 */
public final class SessionDataReactiveSessionRepository
        implements ReactiveSessionRepository<SessionDataSession>,
        ReactiveFindByIndexNameSessionRepository<SessionDataSession> {

    private static final Logger log = LoggerFactory.getLogger(SessionDataReactiveSessionRepository.class);

    /**
     * The key under which a web filter puts the request's {@link SessionVersionToken} in the Reactor context (the
     * starter's {@code SessionVersionWebFilter}, the {@code SESSION_VERSION} cookie): a read asks it for the version to
     * read at least, and reads and writes tell it the version the response comes from.
     */
    public static final Class<SessionVersionToken> VERSION_TOKEN = SessionVersionToken.class;

    private final AsyncSessionClient client;
    /** The sessions' configuration and rules, shared with the servlet repository; its blocking verbs stay unused. */
    private final SessionDataSessionRepository rules;
    private boolean touchOnRead;

    /**
     * @param client the application's client of the service
     * @param settings the serializer settings the client was built with: their allow-list decides which attribute
     *     values a session takes
     */
    public SessionDataReactiveSessionRepository(SessionClient client, SerializerSettings settings) {
        this.client = client.async();
        this.rules = new SessionDataSessionRepository(client, settings);
        this.rules.setFlushMode(FlushMode.ON_SAVE);
    }

    /** As {@link SessionDataSessionRepository#setDefaultMaxInactiveInterval}. */
    public void setDefaultMaxInactiveInterval(Duration interval) {
        rules.setDefaultMaxInactiveInterval(interval);
    }

    /** As {@link SessionDataSessionRepository#setSaveMode}. */
    public void setSaveMode(SaveMode saveMode) {
        rules.setSaveMode(saveMode);
    }

    /** As {@link SessionDataSessionRepository#setSessionIdGenerator}. */
    public void setSessionIdGenerator(SessionIdGenerator sessionIdGenerator) {
        rules.setSessionIdGenerator(sessionIdGenerator);
    }

    /** As {@link SessionDataSessionRepository#setTouchOnRead}. */
    public void setTouchOnRead(boolean touchOnRead) {
        this.touchOnRead = touchOnRead;
    }

    @Override
    public Mono<SessionDataSession> createSession() {
        return Mono.fromSupplier(rules::createSession);
    }

    /** Empty when it is absent, expired, or the id is not one the service could hold. */
    @Override
    public Mono<SessionDataSession> findById(String id) {
        if (!SessionApi.SESSION_ID.matcher(id).matches()) {
            return Mono.empty();
        }
        return Mono.deferContextual(context -> {
            SessionVersionToken token = versionToken(context);
            String atLeast = token.requested(id);
            return mono(() -> client.get(id, HashMap.class,
                    atLeast == null ? ReadOptions.defaults() : ReadOptions.atLeast(atLeast)))
                    .doOnNext(found -> found.ifPresent(versioned -> token.produced(id, versioned.version())))
                    .flatMap(found -> Mono.justOrEmpty(found.map(versioned -> rules.found(id, asMap(versioned)))));
        });
    }

    /**
     * The carrier of the session's version for the request being served: the {@link SessionVersionToken} a web
     * filter put in the Reactor context under {@link #VERSION_TOKEN}, else {@link SessionVersionToken#NONE}.
     */
    private static SessionVersionToken versionToken(ContextView context) {
        return context.getOrDefault(VERSION_TOKEN, SessionVersionToken.NONE);
    }

    /** A stored session as read: a {@link HashMap}, the type it is written as and the allow-list admits. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Versioned<? extends Map<?, ?>> asMap(Versioned<HashMap> read) {
        return (Versioned) read;
    }

    /**
     * Writes what the request changed; after a change or an id change, tells the request's {@link SessionVersionToken}
     * (from the Reactor context, as in {@link #findById}) the version written, as the servlet repository does.
     */
    @Override
    public Mono<Void> save(SessionDataSession session) {
        return Mono.deferContextual(context -> {
            SessionVersionToken token = versionToken(context);
            String id = session.getId();
            String storedId = session.storedId();
            if (SessionDataSessionRepository.expiresAtSave(session)) {
                // as the servlet repository: a zero interval, or a save after the interval, expires it at once
                Mono<Boolean> deleted = storedId == null ? Mono.empty() : mono(() -> client.delete(storedId));
                return deleted.then(Mono.fromRunnable(() -> session.saved(session.stored(), null)));
            }
            if (storedId == null) {
                return create(session);
            }
            if (!storedId.equals(id)) {
                return move(session, storedId).flatMap(moved -> moved
                        && (session.isChanged() || rules.saveMode() == SaveMode.ALWAYS) ? update(session) : Mono.empty())
                        .then(produced(session, token));
            }
            if (session.isChanged() || rules.saveMode() == SaveMode.ALWAYS) {
                return update(session).then(produced(session, token));
            }
            return touchOnRead ? touch(id) : Mono.empty();
        });
    }

    /** Tells {@code token} the version the response comes from; unknown after a write merged into a fresh read. */
    private static Mono<Void> produced(SessionDataSession session, SessionVersionToken token) {
        return Mono.fromRunnable(() -> token.produced(session.getId(),
                Objects.requireNonNullElse(session.version(), SessionVersionToken.UNKNOWN)));
    }

    /**
     * As {@link SessionDataSessionRepository#findByIndexNameAndIndexValue}: the sessions of a principal, by id, for
     * the principal index under either of Spring Session's names for it (the reactive interface's
     * {@link #PRINCIPAL_NAME_INDEX_NAME} and the servlet one's, which the session's attribute carries); empty for any
     * other index, which the service does not keep.
     */
    @Override
    public Mono<Map<String, SessionDataSession>> findByIndexNameAndIndexValue(String indexName, String indexValue) {
        if (!PRINCIPAL_NAME_INDEX_NAME.equals(indexName)
                && !FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME.equals(indexName)) {
            return Mono.just(Map.of());
        }
        return mono(() -> client.sessionsOf(SessionApi.PRINCIPAL_INDEX, indexValue))
                .flatMapMany(Flux::fromIterable)
                .concatMap(listed -> findById(listed.id()))
                .collectMap(SessionDataSession::getId, session -> session, LinkedHashMap::new);
    }

    @Override
    public Mono<Void> deleteById(String id) {
        if (!SessionApi.SESSION_ID.matcher(id).matches()) {
            return Mono.empty();
        }
        return mono(() -> client.delete(id)).then();
    }

    /**
     * As the servlet repository's: the stored session moved to the session's new id in one conditional step of the
     * service, against the version read, else against the current one; false, with nothing written under either id,
     * when another request deleted, expired or moved it meanwhile.
     */
    private Mono<Boolean> move(SessionDataSession session, String storedId) {
        String versionRead = session.version();
        Mono<String> current = mono(() -> client.changeId(storedId, session.getId()));
        Mono<String> moved = versionRead == null ? current
                : mono(() -> client.changeId(storedId, session.getId(), versionRead))
                        .onErrorResume(ConflictException.class, writtenMeanwhile -> {
                            log.debug("session {} changed since this request read it; moving its current version",
                                    storedId);
                            return current;
                        });
        return moved.doOnNext(session::moved).map(version -> true)
                .onErrorResume(error -> error instanceof SessionNotFoundException || error instanceof ConflictException,
                        gone -> {
                            log.debug("session {} is gone or being moved by another request; nothing is kept under "
                                    + "its new id", storedId);
                            session.saved(session.stored(), null);
                            return Mono.just(false);
                        });
    }

    private Mono<Void> create(SessionDataSession session) {
        SessionState written = session.stored().with(session.changes(), session.getLastAccessedTime(),
                session.getMaxInactiveInterval());
        return mono(() -> client.putIfAbsent(session.getId(), written.toValue(),
                        rules.options(session, session.getMaxInactiveInterval())))
                .map(version -> version.orElseThrow(() -> new IllegalStateException("a session with the new id "
                        + session.getId() + " exists already: the session id generator repeats ids")))
                .doOnNext(version -> session.saved(written, version))
                .then();
    }

    /** As the servlet repository's: against the version read, else merged into a fresh read. */
    private Mono<Void> update(SessionDataSession session) {
        String id = session.getId();
        Map<String, @Nullable Object> changes = rules.changesToWrite(session);
        Instant accessed = session.getLastAccessedTime();
        Duration ttl = session.getMaxInactiveInterval();
        WriteOptions options = rules.options(session, ttl);
        Mono<Void> merged = Mono.defer(() -> mono(() -> client.update(id, HashMap.class,
                        current -> SessionDataSessionRepository.merge(id, current, changes, accessed, ttl).toValue(),
                        options)))
                .doOnNext(value -> session.saved(SessionState.of(id, value), null))
                .onErrorResume(SessionNotFoundException.class, gone -> {
                    // invalidated or expired by another request meanwhile: writing the changes would resurrect it
                    log.debug("session {} is gone; this request's changes to it are dropped", id);
                    session.saved(session.stored(), null);
                    return Mono.empty();
                })
                .then();
        String version = session.version();
        if (version == null) {
            return merged;
        }
        SessionState written = session.stored().with(changes, accessed, ttl);
        return mono(() -> client.replace(id, written.toValue(), version, options))
                .doOnNext(newVersion -> session.saved(written, newVersion))
                .then()
                .onErrorResume(ConflictException.class, concurrentWrite -> {
                    log.debug("session {} changed since this request read it: merging this request's changes", id);
                    return merged;
                });
    }

    private Mono<Void> touch(String id) {
        return mono(() -> client.touch(id)).onErrorResume(SessionNotFoundException.class, gone -> {
            log.debug("session {} expired or was deleted during a request that only read it", id);
            return Mono.empty();
        });
    }

    /** A stage of the client as a {@link Mono} that sends its request on subscription. */
    private static <T> Mono<T> mono(Supplier<? extends CompletionStage<? extends T>> call) {
        return Mono.fromCompletionStage(call);
    }
}
