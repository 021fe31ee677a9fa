package dev.sessiondata.server.store;

import java.time.Instant;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** What a conditional write did; {@code version} and {@code expiresAt} are set unless the precondition failed. */
public record WriteResult(Outcome outcome, @Nullable String version, @Nullable Instant expiresAt) {

    public enum Outcome { CREATED, REPLACED, PRECONDITION_FAILED }

    public WriteResult {
        Objects.requireNonNull(outcome, "outcome");
        if ((outcome == Outcome.PRECONDITION_FAILED) != (version == null)) {
            throw new IllegalArgumentException("a version goes with a successful write only");
        }
    }

    public static WriteResult written(boolean created, String version, Instant expiresAt) {
        return new WriteResult(created ? Outcome.CREATED : Outcome.REPLACED, version,
                Objects.requireNonNull(expiresAt, "expiresAt"));
    }

    public static WriteResult preconditionFailed() {
        return new WriteResult(Outcome.PRECONDITION_FAILED, null, null);
    }
}
