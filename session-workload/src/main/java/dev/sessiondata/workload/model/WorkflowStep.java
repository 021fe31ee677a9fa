package dev.sessiondata.workload.model;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** One step of a business workflow the user is going through, with the form data it collected. */
public class WorkflowStep implements Serializable {

    private static final long serialVersionUID = 1L;

    private @Nullable String name;
    private @Nullable StepStatus status;
    private @Nullable Instant startedAt;
    private @Nullable Duration elapsed;
    private @Nullable Map<String, String> data;

    public WorkflowStep() {
    }

    public @Nullable String getName() {
        return name;
    }

    public void setName(@Nullable String name) {
        this.name = name;
    }

    public @Nullable StepStatus getStatus() {
        return status;
    }

    public void setStatus(@Nullable StepStatus status) {
        this.status = status;
    }

    public @Nullable Instant getStartedAt() {
        return startedAt;
    }

    public void setStartedAt(@Nullable Instant startedAt) {
        this.startedAt = startedAt;
    }

    public @Nullable Duration getElapsed() {
        return elapsed;
    }

    public void setElapsed(@Nullable Duration elapsed) {
        this.elapsed = elapsed;
    }

    public @Nullable Map<String, String> getData() {
        return data;
    }

    public void setData(@Nullable Map<String, String> data) {
        this.data = data;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof WorkflowStep that && Objects.equals(name, that.name) && status == that.status
                && Objects.equals(startedAt, that.startedAt) && Objects.equals(elapsed, that.elapsed)
                && Objects.equals(data, that.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, status, startedAt, elapsed, data);
    }

    @Override
    public String toString() {
        return "WorkflowStep{name=" + name + ", status=" + status + '}';
    }
}
