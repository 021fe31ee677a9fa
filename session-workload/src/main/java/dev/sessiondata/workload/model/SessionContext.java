package dev.sessiondata.workload.model;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The reference session context: what several applications serving one user share. A JavaBean with a no-arg
 * constructor, {@link Serializable}, and only types every serializer of the race handles (strings, {@code byte[]},
 * {@code ArrayList}, {@code LinkedHashMap}, enums, {@code BigDecimal}, java.time), so the race measures speed and
 * size rather than which library copes with which type. Every field may be null: a new context has none set.
 */
public class SessionContext implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable String sessionId;
    private @Nullable Channel channel;
    private @Nullable Instant createdAt;
    private @Nullable Instant lastAccessedAt;
    private @Nullable LocalDateTime expiresAt;
    private @Nullable Duration idleTimeout;
    private @Nullable UserProfile user;
    private @Nullable List<WorkflowStep> workflow;
    private @Nullable Map<String, String> attributes;
    private @Nullable List<SessionEvent> events;
    private byte @Nullable [] state;

    public SessionContext() {
    }

    public @Nullable String getSessionId() {
        return sessionId;
    }

    public void setSessionId(@Nullable String sessionId) {
        this.sessionId = sessionId;
    }

    public @Nullable Channel getChannel() {
        return channel;
    }

    public void setChannel(@Nullable Channel channel) {
        this.channel = channel;
    }

    public @Nullable Instant getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(@Nullable Instant createdAt) {
        this.createdAt = createdAt;
    }

    public @Nullable Instant getLastAccessedAt() {
        return lastAccessedAt;
    }

    public void setLastAccessedAt(@Nullable Instant lastAccessedAt) {
        this.lastAccessedAt = lastAccessedAt;
    }

    public @Nullable LocalDateTime getExpiresAt() {
        return expiresAt;
    }

    public void setExpiresAt(@Nullable LocalDateTime expiresAt) {
        this.expiresAt = expiresAt;
    }

    public @Nullable Duration getIdleTimeout() {
        return idleTimeout;
    }

    public void setIdleTimeout(@Nullable Duration idleTimeout) {
        this.idleTimeout = idleTimeout;
    }

    public @Nullable UserProfile getUser() {
        return user;
    }

    public void setUser(@Nullable UserProfile user) {
        this.user = user;
    }

    public @Nullable List<WorkflowStep> getWorkflow() {
        return workflow;
    }

    public void setWorkflow(@Nullable List<WorkflowStep> workflow) {
        this.workflow = workflow;
    }

    public @Nullable Map<String, String> getAttributes() {
        return attributes;
    }

    public void setAttributes(@Nullable Map<String, String> attributes) {
        this.attributes = attributes;
    }

    public @Nullable List<SessionEvent> getEvents() {
        return events;
    }

    public void setEvents(@Nullable List<SessionEvent> events) {
        this.events = events;
    }

    /** Opaque application state (an encrypted blob, a cached document): the part that does not compress. */
    public byte @Nullable [] getState() {
        return state;
    }

    public void setState(byte @Nullable [] state) {
        this.state = state;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof SessionContext that && Objects.equals(sessionId, that.sessionId)
                && channel == that.channel && Objects.equals(createdAt, that.createdAt)
                && Objects.equals(lastAccessedAt, that.lastAccessedAt) && Objects.equals(expiresAt, that.expiresAt)
                && Objects.equals(idleTimeout, that.idleTimeout) && Objects.equals(user, that.user)
                && Objects.equals(workflow, that.workflow) && Objects.equals(attributes, that.attributes)
                && Objects.equals(events, that.events) && Arrays.equals(state, that.state);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sessionId, channel, createdAt, lastAccessedAt, expiresAt, idleTimeout, user, workflow,
                attributes, events) * 31 + Arrays.hashCode(state);
    }

    @Override
    public String toString() {
        return "SessionContext{sessionId=" + sessionId + ", user=" + user
                + ", workflow=" + (workflow == null ? 0 : workflow.size()) + " steps"
                + ", attributes=" + (attributes == null ? 0 : attributes.size())
                + ", events=" + (events == null ? 0 : events.size())
                + ", state=" + (state == null ? 0 : state.length) + " bytes}";
    }
}
