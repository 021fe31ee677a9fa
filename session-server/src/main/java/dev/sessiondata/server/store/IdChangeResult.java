package dev.sessiondata.server.store;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What an id change did; {@code version} (the session's new version) and {@code expiresAt} (the expiry it kept) are
 * set when it changed the id only.
 */
public record IdChangeResult(Outcome outcome, @Nullable String version, @Nullable Instant expiresAt) {

    public enum Outcome {
        /** The session is under the new id, with a new version; the old id is gone. */
        CHANGED,
        /** No session under the old id (never written, deleted, expired). */
        NOT_FOUND,
        /** The session under the old id is not at the version asked for, or another change of it is under way. */
        PRECONDITION_FAILED,
        /** A session exists under the new id already. */
        ID_TAKEN
    }

    private static final IdChangeResult NOT_FOUND = new IdChangeResult(Outcome.NOT_FOUND, null, null);
    private static final IdChangeResult PRECONDITION_FAILED =
            new IdChangeResult(Outcome.PRECONDITION_FAILED, null, null);
    private static final IdChangeResult ID_TAKEN = new IdChangeResult(Outcome.ID_TAKEN, null, null);

    public IdChangeResult {
        Objects.requireNonNull(outcome, "outcome");
        if ((outcome == Outcome.CHANGED) != (version != null && expiresAt != null)) {
            throw new IllegalArgumentException("a version and an expiry go with a changed id only");
        }
    }

    public static IdChangeResult changed(String version, Instant expiresAt) {
        return new IdChangeResult(Outcome.CHANGED, version, expiresAt);
    }

    public static IdChangeResult notFound() {
        return NOT_FOUND;
    }

    public static IdChangeResult preconditionFailed() {
        return PRECONDITION_FAILED;
    }

    public static IdChangeResult idTaken() {
        return ID_TAKEN;
    }
}
