package dev.sessiondata.spring;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.session.FlushMode;
import org.springframework.session.SaveMode;
import org.springframework.session.Session;

/**
 * A session of {@link SessionDataSessionRepository}: the state read from the service plus what this request
 * changed. Only the changes are written back, so two requests of one session that change different attributes
 * both keep theirs. Not thread-safe, like every Spring Session session: one per request.
 */
public final class SessionDataSession implements Session {

    private final SessionDataSessionRepository repository;
    private SessionState stored;
    private String id;
    /** The id the session has in the service; null until it was first saved. */
    private @Nullable String storedId;
    /** The version read or last written; null when unknown (then a save re-reads before it writes). */
    private @Nullable String version;
    /** The attributes this request set (a value) or removed (null), to be written by the next save. */
    private final Map<String, @Nullable Object> changes = new HashMap<>();
    private boolean maxInactiveIntervalChanged;
    private Instant lastAccessedTime;

    SessionDataSession(SessionDataSessionRepository repository, String id, SessionState stored,
                       @Nullable String storedId, @Nullable String version) {
        this.repository = repository;
        this.id = id;
        this.stored = stored;
        this.storedId = storedId;
        this.version = version;
        this.lastAccessedTime = stored.lastAccessedTime();
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    public String changeSessionId() {
        id = repository.newId();
        return id;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> @Nullable T getAttribute(String attributeName) {
        Object value = changes.containsKey(attributeName)
                ? changes.get(attributeName) : stored.attributes().get(attributeName);
        if (value != null && repository.saveMode() == SaveMode.ON_GET_ATTRIBUTE) {
            // the caller may change the object it got: write it back at save
            changes.putIfAbsent(attributeName, value);
        }
        return (T) value;
    }

    @Override
    public Set<String> getAttributeNames() {
        Set<String> names = new HashSet<>(stored.attributes().keySet());
        changes.forEach((name, value) -> {
            if (value == null) {
                names.remove(name);
            } else {
                names.add(name);
            }
        });
        return names;
    }

    /**
     * @throws DisallowedAttributeException if the value, or an object it reaches, is of a class the serializers
     *     do not allow; the session is then unchanged
     */
    @Override
    public void setAttribute(String attributeName, @Nullable Object attributeValue) {
        Objects.requireNonNull(attributeName, "attributeName");
        repository.check(attributeName, attributeValue);
        changes.put(attributeName, attributeValue);
        flushIfImmediate();
    }

    @Override
    public void removeAttribute(String attributeName) {
        changes.put(Objects.requireNonNull(attributeName, "attributeName"), null);
        flushIfImmediate();
    }

    @Override
    public Instant getCreationTime() {
        return stored.creationTime();
    }

    /** Recorded for this request, never a reason to write: the service's sliding expiry keeps the session alive. */
    @Override
    public void setLastAccessedTime(Instant lastAccessedTime) {
        this.lastAccessedTime = Objects.requireNonNull(lastAccessedTime, "lastAccessedTime");
    }

    @Override
    public Instant getLastAccessedTime() {
        return lastAccessedTime;
    }

    /**
     * Becomes the session's time to live in the service at the next save. A negative one (Spring Session's "never
     * expires") asks for the longest the service allows, its {@code sessiondata.session.max-ttl}, sliding on every
     * read; this session still answers the negative interval. Zero expires the session at once, as in Spring
     * Session: the next save deletes it from the service, or never writes a new one.
     */
    @Override
    public void setMaxInactiveInterval(Duration interval) {
        Objects.requireNonNull(interval, "interval");
        if (!interval.equals(getMaxInactiveInterval())) {
            stored = new SessionState(stored.attributes(), stored.creationTime(), stored.lastAccessedTime(), interval);
            maxInactiveIntervalChanged = true;
            flushIfImmediate();
        }
    }

    @Override
    public Duration getMaxInactiveInterval() {
        return stored.maxInactiveInterval();
    }

    @Override
    public boolean isExpired() {
        // as Spring Session's MapSession: a negative interval never expires here (the service ends it), zero at once
        return !getMaxInactiveInterval().isNegative()
                && !Instant.now().minus(getMaxInactiveInterval()).isBefore(lastAccessedTime);
    }

    private void flushIfImmediate() {
        if (repository.flushMode() == FlushMode.IMMEDIATE) {
            repository.save(this);
        }
    }

    // the repository's view of the session

    SessionState stored() {
        return stored;
    }

    @Nullable String storedId() {
        return storedId;
    }

    @Nullable String version() {
        return version;
    }

    Map<String, @Nullable Object> changes() {
        return changes;
    }

    boolean isChanged() {
        return !changes.isEmpty() || maxInactiveIntervalChanged;
    }

    /**
     * The stored session moved to the current id, as it was, now at {@code newVersion}; this request's changes are
     * still to be written.
     */
    void moved(String newVersion) {
        storedId = id;
        version = newVersion;
    }

    /** What the service now holds, after a save wrote {@code written} under the current id. */
    void saved(SessionState written, @Nullable String newVersion) {
        stored = written;
        storedId = id;
        version = newVersion;
        changes.clear();
        maxInactiveIntervalChanged = false;
    }
}
