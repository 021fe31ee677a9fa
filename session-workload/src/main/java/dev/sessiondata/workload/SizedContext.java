package dev.sessiondata.workload;

import dev.sessiondata.workload.model.SessionContext;
import java.util.Objects;

/**
 * A workload context and how close it came to its target: {@code measuredBytes} is its size as the reference
 * measure the factory was given counts it.
 */
public record SizedContext(SessionContext context, int targetBytes, int measuredBytes) {

    public SizedContext {
        Objects.requireNonNull(context, "context");
    }

    /** Whether the measured size is within {@link SessionWorkload#tolerance(int)} of the target. */
    public boolean withinTolerance() {
        return Math.abs(measuredBytes - targetBytes) <= SessionWorkload.tolerance(targetBytes);
    }
}
