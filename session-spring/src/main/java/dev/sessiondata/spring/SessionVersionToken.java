package dev.sessiondata.spring;

import org.jspecify.annotations.Nullable;

/**
 * Carries the version of a user's session from one response to their next request, so that a read in another
 * application is at least as new as what the user last saw (read-your-writes across applications): the
 * {@link SessionDataSessionRepository} asks it for the version to read at least, and tells it the version each
 * response comes from. Where the version travels (a cookie or a header beside the session id) is the carrier's
 * choice; {@link #NONE} carries nothing, and reads then take any version the client's near cache vouches for.
 */
public interface SessionVersionToken {

    /**
     * What the repository hands {@link #produced} when a write's version is unknown to it (a write merged into a
     * fresh read): no stored version equals it, so the next read goes to the service.
     */
    String UNKNOWN = "unknown";

    SessionVersionToken NONE = new SessionVersionToken() {
        @Override
        public @Nullable String requested(String sessionId) {
            return null;
        }

        @Override
        public void produced(String sessionId, String version) {
        }
    };

    /** The version the current request must read {@code sessionId} at least, or null for any. */
    @Nullable String requested(String sessionId);

    /** The current response comes from {@code version} of {@code sessionId}. */
    void produced(String sessionId, String version);
}
