package dev.sessiondata.spring;

import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What one request has read and written through a {@link SessionDataSessionRepository}, so that asking the repository
 * for one of those sessions again within the request costs no read. Spring Session's {@code SessionRepositoryFilter}
 * asks for the requested session again after each of its saves, to know whether the id it answers is still valid
 * (spring-session#1731), and it saves twice per request (when the response commits and when the filter ends): two
 * reads of three per request, each an HTTP request to the service without the near cache and a deserialization with
 * it. Within a scope the repository answers those from what the request read or wrote, which is what the service
 * holds unless another request changed it meanwhile, and then the answer is what a read at the request's start would
 * have given.
 *
 * <p>A scope is the current thread's from {@link #open()} until its close (the starter opens one around Spring
 * Session's filter). Outside a scope, on another thread (asynchronous requests) or for a session this request has not
 * read, the repository reads from the service as always.
 */
public final class RequestSessions {

    private static final ThreadLocal<@Nullable Map<String, Known>> CURRENT = new ThreadLocal<>();

    private RequestSessions() {
    }

    /** A request's scope, closed when the request ends. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Opens a scope on the current thread until the returned one is closed; a scope opened inside another (a
     * forward or an error dispatch through the filter again) starts empty and gives the outer one back when closed.
     */
    public static Scope open() {
        Map<String, Known> outer = CURRENT.get();
        CURRENT.set(new HashMap<>());
        return () -> {
            if (outer == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(outer);
            }
        };
    }

    /** What the current request knows of {@code id}, or null when it knows nothing (or no scope is open). */
    static @Nullable Known known(String id) {
        Map<String, Known> sessions = CURRENT.get();
        return sessions == null ? null : sessions.get(id);
    }

    /** The service holds {@code id} as {@code state} at {@code version}, as this request read or wrote it. */
    static void holds(String id, SessionState state, String version) {
        Map<String, Known> sessions = CURRENT.get();
        if (sessions != null) {
            sessions.put(id, new Known(state, version));
        }
    }

    /** The service holds no session {@code id}, as this request read it. */
    static void absent(String id) {
        Map<String, Known> sessions = CURRENT.get();
        if (sessions != null) {
            sessions.put(id, Known.ABSENT);
        }
    }

    /** What the service holds of {@code id} is not known to this request (a merged write, a delete, a move). */
    static void forget(String id) {
        Map<String, Known> sessions = CURRENT.get();
        if (sessions != null) {
            sessions.remove(id);
        }
    }

    /** A session as the request knows it: its state and version, or both null for none. */
    record Known(@Nullable SessionState state, @Nullable String version) {
        static final Known ABSENT = new Known(null, null);
    }
}
