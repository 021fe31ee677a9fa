package dev.sessiondata.bench;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.workload.model.Channel;
import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.model.SessionEvent;
import dev.sessiondata.workload.model.StepStatus;
import dev.sessiondata.workload.model.UserProfile;
import dev.sessiondata.workload.model.WorkflowStep;
import dev.sessiondata.workload.PayloadSize;
import dev.sessiondata.workload.SessionWorkload;
import dev.sessiondata.workload.SizedContext;
import dev.sessiondata.bench.legacy.LegacyObject;
import dev.sessiondata.bench.time.TimeStampedEvents;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The serializers of the race, configured alike: every id that {@link SessionSerializers#available()} finds, each
 * allowed and registered for the reference session model and the benchmarks' own DTOs, with default limits.
 *
 * <p>The workload is sized for one <em>reference</em> serializer (system property {@value #REFERENCE_PROPERTY};
 * default {@code one-nio}, a compact format, else {@code java}), so "1KB" means 1 KB as the reference writes it.
 */
public final class BenchSerializers {

    public static final String REFERENCE_PROPERTY = "sessiondata.bench.reference";
    private static final String PREFERRED_REFERENCE = KnownSerializers.ONE_NIO;

    private BenchSerializers() {
    }

    /** The ids to race: all available ones, sorted. */
    public static List<String> ids() {
        return SessionSerializers.available();
    }

    /** The settings every serializer of the race is created with. */
    public static SerializerSettings settings() {
        List<Class<?>> classes = new ArrayList<>(List.of(SessionContext.class, UserProfile.class, WorkflowStep.class,
                SessionEvent.class, Channel.class, StepStatus.class, LegacyObject.class));
        classes.addAll(TimeStampedEvents.CLASSES);
        return SerializerSettings.builder()
                .allowPackages("dev.sessiondata.workload.model", "dev.sessiondata.bench.legacy", "dev.sessiondata.bench.time")
                .registerClasses(classes.toArray(Class<?>[]::new))
                .build();
    }

    /**
     * The serializer of {@code id} as a client writes with it: one that exchanges schemas has published those of the
     * registered classes (the client's exchange before its first write), so {@code fory-shared} writes the payloads
     * of an application whose type definition set the service holds.
     */
    public static SessionSerializer create(String id) {
        SerializerSettings settings = settings();
        SessionSerializer serializer = SessionSerializers.create(id, settings);
        if (serializer instanceof SchemaExchangingSerializer exchanging) {
            exchanging.published(exchanging.schemasOf(settings.registeredClasses()));
        }
        return serializer;
    }

    /** The id the workload is sized for. */
    public static String referenceId() {
        String configured = System.getProperty(REFERENCE_PROPERTY);
        if (configured != null) {
            return configured;
        }
        return ids().contains(PREFERRED_REFERENCE) ? PREFERRED_REFERENCE : KnownSerializers.JAVA;
    }

    /** The race's context of {@code size}, sized for the reference serializer (or read from the report's cache). */
    public static SizedContext workload(PayloadSize size) {
        Optional<SizedContext> cached = WorkloadCache.read(size);
        if (cached.isPresent()) {
            return cached.get();
        }
        SessionSerializer reference = create(referenceId());
        return new SessionWorkload(SessionWorkload.DEFAULT_SEED)
                .create(size, context -> reference.serialize(context).length);
    }

    /** Fails loudly when a serializer does not read back what it wrote: a fast wrong answer is no result. */
    public static <T> T verifiedRoundTrip(SessionSerializer serializer, T value, Class<T> type) {
        T read = serializer.deserialize(serializer.serialize(value), type);
        if (!value.equals(read)) {
            throw new IllegalStateException(serializer.id() + " does not read back what it wrote: " + value
                    + " became " + read);
        }
        return read;
    }
}
