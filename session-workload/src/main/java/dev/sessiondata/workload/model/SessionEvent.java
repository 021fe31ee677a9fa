package dev.sessiondata.workload.model;

import java.io.Serializable;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** One line of the session's event log, as applications keep them: a time, a level, a message, raw bytes. */
public class SessionEvent implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable Instant at;
    private @Nullable String level;
    private @Nullable String message;
    private byte @Nullable [] payload;

    public SessionEvent() {
    }

    public @Nullable Instant getAt() {
        return at;
    }

    public void setAt(@Nullable Instant at) {
        this.at = at;
    }

    public @Nullable String getLevel() {
        return level;
    }

    public void setLevel(@Nullable String level) {
        this.level = level;
    }

    public @Nullable String getMessage() {
        return message;
    }

    public void setMessage(@Nullable String message) {
        this.message = message;
    }

    public byte @Nullable [] getPayload() {
        return payload;
    }

    public void setPayload(byte @Nullable [] payload) {
        this.payload = payload;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof SessionEvent that && Objects.equals(at, that.at) && Objects.equals(level, that.level)
                && Objects.equals(message, that.message) && Arrays.equals(payload, that.payload);
    }

    @Override
    public int hashCode() {
        return Objects.hash(at, level, message) * 31 + Arrays.hashCode(payload);
    }

    @Override
    public String toString() {
        return "SessionEvent{at=" + at + ", level=" + level + ", message=" + message + '}';
    }
}
