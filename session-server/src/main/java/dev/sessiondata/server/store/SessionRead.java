package dev.sessiondata.server.store;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a read with a byte ceiling ({@link SessionStore#get(String, long)}) answered: the session; nothing (never
 * written, deleted or expired); or only the length of a session whose bytes are more than the ceiling, which the read
 * left as it was (its bytes not read, its expiry not moved).
 */
public final class SessionRead {

    private static final SessionRead ABSENT = new SessionRead(null, -1);

    private final @Nullable StoredSession session;
    private final long length;

    private SessionRead(@Nullable StoredSession session, long length) {
        this.session = session;
        this.length = length;
    }

    public static SessionRead of(StoredSession session) {
        return new SessionRead(Objects.requireNonNull(session, "session"), session.data().length);
    }

    public static SessionRead absent() {
        return ABSENT;
    }

    /** A session of {@code length} bytes, more than the read's ceiling: neither read nor slid. */
    public static SessionRead larger(long length) {
        if (length < 0) {
            throw new IllegalArgumentException("length must not be negative, was " + length);
        }
        return new SessionRead(null, length);
    }

    /** The session read; null when there is none or it was larger than the ceiling. */
    public @Nullable StoredSession session() {
        return session;
    }

    /** The session read, if it was. */
    public Optional<StoredSession> found() {
        return Optional.ofNullable(session);
    }

    /** Whether a session exists but was larger than the ceiling: only its {@link #length} is known. */
    public boolean isLarger() {
        return session == null && length >= 0;
    }

    /** The length of the session's bytes; -1 when there is none. */
    public long length() {
        return length;
    }

    @Override
    public String toString() {
        return session != null ? "SessionRead[" + session.version() + ", " + length + " bytes]"
                : length >= 0 ? "SessionRead[larger: " + length + " bytes]" : "SessionRead[absent]";
    }
}
