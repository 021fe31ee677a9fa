package dev.sessiondata.spring;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.AsyncSessionClient;
import dev.sessiondata.client.ConflictException;
import dev.sessiondata.client.SessionClient;
import dev.sessiondata.client.SessionNotFoundException;
import dev.sessiondata.client.Versioned;
import dev.sessiondata.client.WriteOptions;
import dev.sessiondata.serializer.SerializerSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.session.FlushMode;
import org.springframework.session.ReactiveSessionRepository;
import org.springframework.session.SaveMode;
import org.springframework.session.SessionIdGenerator;
import reactor.core.publisher.Mono;

/**
 * A Spring Session {@link ReactiveSessionRepository} on the session-data service, for WebFlux applications
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
public final class SessionDataReactiveSessionRepository implements ReactiveSessionRepository<SessionDataSession> {

    private static final Logger log = LoggerFactory.getLogger(SessionDataReactiveSessionRepository.class);

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
        return mono(() -> client.get(id, HashMap.class))
                .flatMap(found -> Mono.justOrEmpty(found.map(versioned -> rules.found(id, asMap(versioned)))));
    }

    /** A stored session as read: a {@link HashMap}, the type it is written as and the allow-list admits. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Versioned<? extends Map<?, ?>> asMap(Versioned<HashMap> read) {
        return (Versioned) read;
    }

    @Override
    public Mono<Void> save(SessionDataSession session) {
        return Mono.defer(() -> {
            String id = session.getId();
            String storedId = session.storedId();
            if (session.getMaxInactiveInterval().compareTo(Duration.ZERO) > 0 && session.isExpired()) {
                // as the servlet repository: a session saved after its max inactive interval is expired at once
                Mono<Boolean> deleted = storedId == null ? Mono.empty() : mono(() -> client.delete(storedId));
                return deleted.then(Mono.fromRunnable(() -> session.saved(session.stored(), null)));
            }
            if (storedId == null || !storedId.equals(id)) {
                String versionRead = session.version();
                Mono<Void> created = create(session);
                if (storedId == null) {
                    return created;
                }
                return created.then(deleteMoved(storedId, versionRead)).flatMap(wasThere -> {
                    if (wasThere) {
                        return Mono.empty();
                    }
                    log.debug("session {} is gone; its copy under the new id is deleted", storedId);
                    return mono(() -> client.delete(id)).then();
                });
            }
            if (session.isChanged() || rules.saveMode() == SaveMode.ALWAYS) {
                return update(session);
            }
            return touchOnRead ? touch(id) : Mono.empty();
        });
    }

    @Override
    public Mono<Void> deleteById(String id) {
        if (!SessionApi.SESSION_ID.matcher(id).matches()) {
            return Mono.empty();
        }
        return mono(() -> client.delete(id)).then();
    }

    /** As the servlet repository's: whether the session a changed id moved away from was still there. */
    private Mono<Boolean> deleteMoved(String storedId, @Nullable String versionRead) {
        Mono<Boolean> any = mono(() -> client.delete(storedId));
        if (versionRead == null) {
            return any;
        }
        return mono(() -> client.delete(storedId, versionRead)).onErrorResume(ConflictException.class, meanwhile -> {
            log.debug("session {} changed since this request read it; deleted all the same", storedId);
            return any;
        });
    }

    private Mono<Void> create(SessionDataSession session) {
        SessionState written = session.stored().with(session.changes(), session.getLastAccessedTime(),
                session.getMaxInactiveInterval());
        return mono(() -> client.putIfAbsent(session.getId(), written.toValue(),
                        WriteOptions.ttl(session.getMaxInactiveInterval())))
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
        WriteOptions options = WriteOptions.ttl(ttl);
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
