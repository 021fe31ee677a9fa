package dev.sessiondata.spring;

import dev.sessiondata.api.SessionApi;
import dev.sessiondata.client.ConflictException;
import dev.sessiondata.client.ReadOptions;
import dev.sessiondata.client.IndexedSession;
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
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.FlushMode;
import org.springframework.session.IndexResolver;
import org.springframework.session.PrincipalNameIndexResolver;
import org.springframework.session.SaveMode;
import org.springframework.session.Session;
import org.springframework.session.SessionIdGenerator;
import org.springframework.session.SessionRepository;
import org.springframework.session.UuidSessionIdGenerator;

/**
 * A Spring Session {@link SessionRepository} on the session-data service: each session is one value of the service
 * (its attributes, creation time, last access and max inactive interval), written through the application's
 * {@link SessionClient} with the service's active serializer and read with the one that wrote it.
 *
 * <ul>
 *   <li>{@code maxInactiveInterval} is the session's time to live in the service, which expires it; the service's
 *       sliding expiry moves the expiry on every read, so a request that only reads writes nothing (with a service
 *       whose sliding expiry is off, {@link #setTouchOnRead(boolean)} touches instead). A negative one, Spring
 *       Session's "never expires", asks the service for the longest time to live it allows (its
 *       {@code sessiondata.session.max-ttl}, sliding as any other): the service keeps no session forever. The
 *       session still answers the negative interval the application set. Zero expires the session at once, as
 *       Spring Session's {@code EXPIRE key 0} does: the save deletes a stored session and never writes a new one;</li>
 *   <li>a save writes only if something changed, and then only this request's changes: a conditional write
 *       against the version read, and on a conflict a re-read that re-applies just those changes (the client's
 *       {@link SessionClient#update update}, bounded by its attempts), so concurrent requests of one session that
 *       set different attributes keep them all;</li>
 *   <li>{@code changeSessionId()} moves the stored session to its new id in one conditional step of the service
 *       ({@link SessionClient#changeId}): a session deleted or expired while a request changed its id is not
 *       brought back by that request's save, and of two requests that change one session's id, the second's save
 *       finds the old id gone and keeps no copy;</li>
 *   <li>a session saved with a last access longer ago than its max inactive interval is deleted, as Spring
 *       Session's repositories expire it;</li>
 *   <li>an attribute of a class the serializers do not allow is refused at {@code setAttribute} with a
 *       {@link DisallowedAttributeException}, so the service never holds a session its readers cannot load.</li>
 * </ul>
 *
 * <p>Finding sessions by principal ({@link FindByIndexNameSessionRepository}, on which Spring Security's
 * {@code SpringSessionBackedSessionRegistry} stands): every write sends the session's principal name, resolved as
 * Spring Session resolves it ({@link PrincipalNameIndexResolver}: the {@link #PRINCIPAL_NAME_INDEX_NAME} attribute,
 * else the name of the {@code SPRING_SECURITY_CONTEXT}'s authentication), and the service keeps its
 * {@code principal} index with the write; {@link #findByIndexNameAndIndexValue} asks the service for the principal's
 * sessions and reads each. Only the principal index is kept, as Spring Session's Redis repositories keep only it:
 * another index name finds nothing. Reading a found session slides its expiry, as any read through this repository
 * does. Thread-safe; its setters are for configuration before use.
 */
public final class SessionDataSessionRepository implements FindByIndexNameSessionRepository<SessionDataSession> {

    /** Spring Session's default, as {@code MapSession.DEFAULT_MAX_INACTIVE_INTERVAL}. */
    public static final Duration DEFAULT_MAX_INACTIVE_INTERVAL = Duration.ofMinutes(30);

    private static final Logger log = LoggerFactory.getLogger(SessionDataSessionRepository.class);

    private final SessionClient client;
    private final AttributeCheck attributeCheck;
    private Duration defaultMaxInactiveInterval = DEFAULT_MAX_INACTIVE_INTERVAL;
    private SaveMode saveMode = SaveMode.ON_SET_ATTRIBUTE;
    private FlushMode flushMode = FlushMode.ON_SAVE;
    private SessionIdGenerator sessionIdGenerator = UuidSessionIdGenerator.getInstance();
    private boolean touchOnRead;
    private SessionVersionToken versionToken = SessionVersionToken.NONE;
    private IndexResolver<Session> principalResolver = new PrincipalNameIndexResolver<>();

    /**
     * @param client the application's client of the service
     * @param settings the serializer settings the client was built with: their allow-list decides which attribute
     *     values a session takes
     */
    public SessionDataSessionRepository(SessionClient client, SerializerSettings settings) {
        this.client = Objects.requireNonNull(client, "client");
        Objects.requireNonNull(settings, "settings");
        this.attributeCheck = new AttributeCheck(settings.allowList(), settings.maxObjects());
    }

    /**
     * The max inactive interval, and so the time to live, of a new session (30 minutes); negative for the longest
     * the service allows, zero for sessions that expire as they are saved.
     */
    public void setDefaultMaxInactiveInterval(Duration interval) {
        this.defaultMaxInactiveInterval = Objects.requireNonNull(interval, "interval");
    }

    /** Which attributes a save writes (Spring Session's {@link SaveMode}; default {@code ON_SET_ATTRIBUTE}). */
    public void setSaveMode(SaveMode saveMode) {
        this.saveMode = Objects.requireNonNull(saveMode, "saveMode");
    }

    /** When changes are written: at the end of the request (default) or at once ({@link FlushMode#IMMEDIATE}). */
    public void setFlushMode(FlushMode flushMode) {
        this.flushMode = Objects.requireNonNull(flushMode, "flushMode");
    }

    /** How new ids are made (random UUIDs); an id must be a valid session id of the service. */
    public void setSessionIdGenerator(SessionIdGenerator sessionIdGenerator) {
        this.sessionIdGenerator = Objects.requireNonNull(sessionIdGenerator, "sessionIdGenerator");
    }

    /**
     * Whether a request that changed nothing touches its session (default false): needed only when the service
     * runs with {@code sessiondata.session.sliding-expiration=false}, since otherwise the read already moved the
     * expiry. Either way such a request writes no session.
     */
    public void setTouchOnRead(boolean touchOnRead) {
        this.touchOnRead = touchOnRead;
    }

    /**
     * Where the version of a user's session travels between their requests (none by default): each read asks the
     * client for at least the version the user's last response came from, so a near cache holding another version
     * reads from the service, and each read and write tells the token the version the response now comes from.
     */
    public void setVersionToken(SessionVersionToken versionToken) {
        this.versionToken = Objects.requireNonNull(versionToken, "versionToken");
    }

    /**
     * How a session's principal name is found for the service's principal index (Spring Session's
     * {@link PrincipalNameIndexResolver} by default); only its {@link #PRINCIPAL_NAME_INDEX_NAME} entry is used.
     */
    public void setIndexResolver(IndexResolver<Session> indexResolver) {
        this.principalResolver = Objects.requireNonNull(indexResolver, "indexResolver");
    }

    /**
     * The sessions of a principal, by id, for {@link #PRINCIPAL_NAME_INDEX_NAME}; empty for any other index, which
     * the service does not keep. A session listed but gone by the time it is read is left out.
     */
    @Override
    public Map<String, SessionDataSession> findByIndexNameAndIndexValue(String indexName, String indexValue) {
        if (!PRINCIPAL_NAME_INDEX_NAME.equals(indexName)) {
            return Map.of();
        }
        Map<String, SessionDataSession> sessions = new LinkedHashMap<>();
        for (IndexedSession listed : client.sessionsOf(SessionApi.PRINCIPAL_INDEX, indexValue)) {
            SessionDataSession session = findById(listed.id());
            if (session != null) {
                sessions.put(session.getId(), session);
            }
        }
        return sessions;
    }

    @Override
    public SessionDataSession createSession() {
        Instant now = Instant.now();
        SessionState empty = new SessionState(Map.of(), now, now, defaultMaxInactiveInterval);
        SessionDataSession session = new SessionDataSession(this, newId(), empty, null, null);
        if (flushMode == FlushMode.IMMEDIATE) {
            save(session);
        }
        return session;
    }

    /** The session, or null when it is absent, expired, or the id is not one the service could hold. */
    @Override
    public @Nullable SessionDataSession findById(String id) {
        if (!SessionApi.SESSION_ID.matcher(id).matches()) {
            // a cookie is whatever the browser sends: an id the service would refuse names no session
            return null;
        }
        RequestSessions.Known known = RequestSessions.known(id);
        if (known != null) {
            SessionState state = known.state();
            return state == null ? null : new SessionDataSession(this, id, state, id, known.version());
        }
        SessionDataSession session = read(id).map(versioned -> found(id, versioned)).orElse(null);
        if (session == null) {
            RequestSessions.absent(id);
        } else {
            RequestSessions.holds(id, session.stored(), Objects.requireNonNull(session.version()));
        }
        return session;
    }

    /** The session a read found, its last access as the service's sliding expiry counts it. */
    SessionDataSession found(String id, Versioned<? extends Map<?, ?>> versioned) {
        SessionState stored = SessionState.of(id, versioned.value());
        // the read slid the expiry: what the service counts as the last access is the expiry less the ttl
        Instant accessed = versioned.expiresAt().minus(stored.maxInactiveInterval());
        // a session that asked for the longest ttl does not know it: its last access stays the one it wrote
        if (!stored.maxInactiveInterval().isNegative() && accessed.isAfter(stored.lastAccessedTime())) {
            stored = new SessionState(stored.attributes(), stored.creationTime(), accessed,
                    stored.maxInactiveInterval());
        }
        return new SessionDataSession(this, id, stored, id, versioned.version());
    }

    @Override
    public void save(SessionDataSession session) {
        String storedId = session.storedId();
        write(session);
        String id = session.getId();
        if (storedId != null && !storedId.equals(id)) {
            RequestSessions.forget(storedId);
        }
        String version = session.version();
        if (version == null) {
            RequestSessions.forget(id);
        } else {
            RequestSessions.holds(id, session.stored(), version);
        }
    }

    private void write(SessionDataSession session) {
        String id = session.getId();
        String storedId = session.storedId();
        if (expiresAtSave(session)) {
            // a zero interval, or a last access longer ago than the interval (set so by the application): Spring
            // Session expires such a session at once, while a write would give it a whole interval from now
            if (storedId != null) {
                client.delete(storedId);
            }
            session.saved(session.stored(), null);
        } else if (storedId == null) {
            create(session);
        } else if (!storedId.equals(id)) {
            if (move(session, storedId) && (session.isChanged() || saveMode == SaveMode.ALWAYS)) {
                update(session);
            }
            versionToken.produced(id, Objects.requireNonNullElse(session.version(), SessionVersionToken.UNKNOWN));
        } else if (session.isChanged() || saveMode == SaveMode.ALWAYS) {
            update(session);
            versionToken.produced(id, Objects.requireNonNullElse(session.version(), SessionVersionToken.UNKNOWN));
        } else if (touchOnRead) {
            touch(id);
        }
    }

    @Override
    public void deleteById(String id) {
        if (SessionApi.SESSION_ID.matcher(id).matches()) {
            client.delete(id);
            RequestSessions.absent(id);
        }
    }

    /**
     * Moves the stored session to the session's new id in one conditional step of the service ({@link
     * SessionClient#changeId}); whether it moved. Against the version this request read, and when another request
     * wrote it since, against whatever version it has (this request's changes are then merged into it). A session
     * deleted, expired or moved by another request meanwhile is not found and stays gone: nothing is written under
     * either id, so a logout is never undone, and of two requests that change one session's id only the first keeps
     * the session.
     */
    private boolean move(SessionDataSession session, String storedId) {
        String versionRead = session.version();
        try {
            if (versionRead != null) {
                try {
                    session.moved(client.changeId(storedId, session.getId(), versionRead));
                    return true;
                } catch (ConflictException writtenMeanwhile) {
                    log.debug("session {} changed since this request read it; moving its current version", storedId);
                }
            }
            session.moved(client.changeId(storedId, session.getId()));
            return true;
        } catch (SessionNotFoundException | ConflictException gone) {
            log.debug("session {} is gone or being moved by another request; nothing is kept under its new id",
                    storedId);
            session.saved(session.stored(), null);
            return false;
        }
    }

    /** Writes the whole session under its current id, which no session may hold yet. */
    private void create(SessionDataSession session) {
        SessionState written = session.stored().with(session.changes(), session.getLastAccessedTime(),
                session.getMaxInactiveInterval());
        String version = client.putIfAbsent(session.getId(), written.toValue(),
                        options(session, session.getMaxInactiveInterval()))
                .orElseThrow(() -> new IllegalStateException("a session with the new id " + session.getId()
                        + " exists already: the session id generator repeats ids"));
        session.saved(written, version);
    }

    /** Writes this request's changes: against the version read, else merged into a fresh read. */
    private void update(SessionDataSession session) {
        String id = session.getId();
        Map<String, @Nullable Object> changes = changesToWrite(session);
        Instant accessed = session.getLastAccessedTime();
        Duration ttl = session.getMaxInactiveInterval();
        WriteOptions options = options(session, ttl);
        String version = session.version();
        if (version != null) {
            SessionState written = session.stored().with(changes, accessed, ttl);
            try {
                session.saved(written, client.replace(id, written.toValue(), version, options));
                return;
            } catch (ConflictException concurrentWrite) {
                log.debug("session {} changed since this request read it: merging this request's changes", id);
            }
        }
        try {
            Map<?, ?> merged = client.update(id, HashMap.class,
                    current -> merge(id, current, changes, accessed, ttl).toValue(), options);
            session.saved(SessionState.of(id, merged), null);
        } catch (SessionNotFoundException gone) {
            // invalidated or expired by another request meanwhile: writing the changes would resurrect it
            log.debug("session {} is gone; this request's changes to it are dropped", id);
            session.saved(session.stored(), null);
        }
    }

    /**
     * The ttl (the longest the service allows for a negative one, Spring Session's "never expires"), and the
     * principal index value the session has now, which every write sends (or it leaves the index).
     */
    WriteOptions options(SessionDataSession session, Duration ttl) {
        WriteOptions options = ttl.isNegative() ? WriteOptions.longestAllowedTtl() : WriteOptions.ttl(ttl);
        String principal = principalResolver.resolveIndexesFor(session).get(PRINCIPAL_NAME_INDEX_NAME);
        return principal == null || principal.isEmpty() ? options : options.withPrincipal(principal);
    }

    static SessionState merge(String id, Map<?, ?> current, Map<String, @Nullable Object> changes,
                                       Instant accessed, Duration ttl) {
        SessionState fresh = SessionState.of(id, current);
        Instant lastAccessed = fresh.lastAccessedTime().isAfter(accessed) ? fresh.lastAccessedTime() : accessed;
        return fresh.with(changes, lastAccessed, ttl);
    }

    Map<String, @Nullable Object> changesToWrite(SessionDataSession session) {
        if (saveMode != SaveMode.ALWAYS) {
            return new HashMap<>(session.changes());
        }
        Map<String, @Nullable Object> all = new HashMap<>(session.stored().attributes());
        all.putAll(session.changes());
        return all;
    }

    private void touch(String id) {
        try {
            client.touch(id);
        } catch (SessionNotFoundException gone) {
            log.debug("session {} expired or was deleted during a request that only read it", id);
        }
    }

    /** Reads a stored session; as a {@link HashMap}, the type it is written as and the allow-list admits. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Optional<Versioned<Map<?, ?>>> read(String id) {
        String atLeast = versionToken.requested(id);
        Optional<? extends Versioned<?>> found = client.get(id, HashMap.class,
                atLeast == null ? ReadOptions.defaults() : ReadOptions.atLeast(atLeast));
        found.ifPresent(versioned -> versionToken.produced(id, versioned.version()));
        return (Optional) found;
    }

    String newId() {
        return sessionIdGenerator.generate();
    }

    void check(String attribute, @Nullable Object value) {
        attributeCheck.check(attribute, value);
    }

    SaveMode saveMode() {
        return saveMode;
    }

    FlushMode flushMode() {
        return flushMode;
    }

    /**
     * Whether the session is to end rather than be written: a zero max inactive interval (which the service's
     * ttl cannot carry), or a positive one its last access is longer ago than.
     */
    static boolean expiresAtSave(SessionDataSession session) {
        Duration interval = session.getMaxInactiveInterval();
        return interval.isZero() || (!interval.isNegative() && session.isExpired());
    }
}
