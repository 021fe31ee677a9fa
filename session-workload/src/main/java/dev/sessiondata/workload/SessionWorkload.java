package dev.sessiondata.workload;

import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.model.SessionEvent;
import dev.sessiondata.workload.model.WorkflowStep;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToIntFunction;

/**
 * Builds session contexts of a target serialized size, deterministically from a seed: the same seed, target and
 * measure give an equal context on every JVM.
 *
 * <p>A context grows in <em>units</em>: unit 1 adds the user part, and every unit adds a workflow step, two
 * attributes and an event-log entry. The factory finds the largest number of units whose size, as the given
 * measure counts it, stays within the target, then fills the rest with opaque {@code state} bytes, so the result
 * is within {@link #tolerance(int)} of the target for the measure it was built for. Other serializers write the
 * same context larger or smaller: that difference is what the race measures. A target below what the measure
 * needs for the smallest non-empty context gives that smallest context ({@link SizedContext#withinTolerance()}
 * says so). Target 0 gives the empty context, a new {@link SessionContext} with no field set.
 *
 * <pre>{@code
 * SessionWorkload workload = new SessionWorkload(SessionWorkload.DEFAULT_SEED);
 * SizedContext tenKb = workload.create(PayloadSize.KB10, value -> serializer.serialize(value).length);
 * }</pre>
 */
public final class SessionWorkload {

    /** The seed of the published race; change it only together with the report. */
    public static final long DEFAULT_SEED = 20_261_122L;

    private final SessionContentGenerator generator;

    public SessionWorkload(long seed) {
        this.generator = new SessionContentGenerator(seed);
    }

    /** The allowed distance from a target: 2 %, but at least 16 bytes (a length prefix may grow by a few). */
    public static int tolerance(int targetBytes) {
        return Math.max(16, targetBytes / 50);
    }

    /** A context of {@code size} as {@code measure} counts it. */
    public SizedContext create(PayloadSize size, ToIntFunction<? super SessionContext> measure) {
        return create(size.bytes(), measure);
    }

    /** A context of {@code targetBytes} (0: the empty context) as {@code measure} counts it. */
    public SizedContext create(int targetBytes, ToIntFunction<? super SessionContext> measure) {
        Objects.requireNonNull(measure, "measure");
        if (targetBytes < 0) {
            throw new IllegalArgumentException("targetBytes must not be negative, was " + targetBytes);
        }
        if (targetBytes == 0) {
            SessionContext empty = new SessionContext();
            return new SizedContext(empty, 0, measure.applyAsInt(empty));
        }
        int units = largestUnitsWithin(targetBytes, measure);
        int stateBytes = 0;
        SessionContext context = shape(units, 0);
        int measured = measure.applyAsInt(context);
        // Length prefixes grow with the state, so converge in a few corrections instead of computing them.
        for (int attempt = 0; attempt < 6 && measured != targetBytes; attempt++) {
            int next = Math.max(0, stateBytes + targetBytes - measured);
            if (next == stateBytes) {
                break;
            }
            stateBytes = next;
            context = shape(units, stateBytes);
            measured = measure.applyAsInt(context);
        }
        return new SizedContext(context, targetBytes, measured);
    }

    /**
     * The context of {@code units} units and {@code stateBytes} bytes of state, without measuring: for callers
     * that must not run a serializer before they measure one (the cold-start benchmark).
     */
    public SessionContext shape(int units, int stateBytes) {
        if (units < 0 || stateBytes < 0) {
            throw new IllegalArgumentException("units and stateBytes must not be negative: " + units + ", " + stateBytes);
        }
        SessionContext context = new SessionContext();
        context.setSessionId(generator.sessionId());
        context.setChannel(generator.channel());
        context.setCreatedAt(SessionContentGenerator.EPOCH);
        context.setLastAccessedAt(SessionContentGenerator.EPOCH.plusSeconds(units * 13L));
        if (units > 0) {
            context.setExpiresAt(LocalDateTime.ofInstant(SessionContentGenerator.EPOCH, ZoneOffset.UTC).plusMinutes(30));
            context.setIdleTimeout(Duration.ofMinutes(15));
            context.setUser(generator.user());
            List<WorkflowStep> workflow = new ArrayList<>(units);
            Map<String, String> attributes = new LinkedHashMap<>();
            List<SessionEvent> events = new ArrayList<>(units);
            for (int i = 0; i < units; i++) {
                workflow.add(generator.step(i));
                attributes.put(generator.attributeKey(2 * i), generator.attributeValue(2 * i));
                attributes.put(generator.attributeKey(2 * i + 1), generator.attributeValue(2 * i + 1));
                events.add(generator.event(i));
            }
            context.setWorkflow(workflow);
            context.setAttributes(attributes);
            context.setEvents(events);
        }
        if (stateBytes > 0) {
            context.setState(generator.state(stateBytes));
        }
        return context;
    }

    private int largestUnitsWithin(int targetBytes, ToIntFunction<? super SessionContext> measure) {
        if (measure.applyAsInt(shape(1, 0)) > targetBytes) {
            return 0;
        }
        int within = 1;
        int beyond = 2;
        while (measure.applyAsInt(shape(beyond, 0)) <= targetBytes) {
            within = beyond;
            beyond *= 2;
        }
        while (beyond - within > 1) {
            int middle = (within + beyond) >>> 1;
            if (measure.applyAsInt(shape(middle, 0)) <= targetBytes) {
                within = middle;
            } else {
                beyond = middle;
            }
        }
        return within;
    }
}
