package dev.sessiondata.server.store;

import java.util.Objects;

/** A session an index value lists: its id and its current version. */
public record IndexedSession(String id, String version) {

    public IndexedSession {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(version, "version");
    }
}
