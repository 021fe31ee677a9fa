package dev.sessiondata.client;

import java.util.Objects;

/** A session listed under an index value ({@link SessionClient#sessionsOf}): its id and its current version. */
public record IndexedSession(String id, String version) {

    public IndexedSession {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(version, "version");
    }
}
