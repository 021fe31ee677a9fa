package dev.sessiondata.loadtest;

import dev.sessiondata.workload.model.Channel;
import dev.sessiondata.workload.model.SessionContext;
import dev.sessiondata.workload.model.SessionEvent;
import dev.sessiondata.workload.model.StepStatus;
import dev.sessiondata.workload.model.UserProfile;
import dev.sessiondata.workload.model.WorkflowStep;
import dev.sessiondata.workload.ReferenceMeasures;
import dev.sessiondata.workload.SessionWorkload;
import dev.sessiondata.serializer.SerializerSettings;
import dev.sessiondata.serializer.SessionSerializer;
import dev.sessiondata.serializer.SessionSerializers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.ToIntFunction;

/**
 * The session bodies a load test sends: real session contexts from the workload factory, written by the real
 * serializer under test, in the size mix of a realistic population — mostly 1–10 KB, some 100 KB, rarely 1 MB.
 *
 * <p>Contexts are sized as java.io serialization counts them, whatever serializer writes them: every serializer
 * sends the same sessions, so a compact serializer sends fewer bytes, as it would in production. Which size a
 * session gets follows a deck of 100 slots dealt in a seeded order, so every 100 sessions hold the shares exactly
 * and every run sends the same sequence.
 */
final class PayloadMix {

    /** A size class: its target in java.io bytes, its share of sessions in percent, and how many variants. */
    record Share(String label, int targetBytes, int percent, int variants) {
    }

    static final List<Share> REALISTIC = List.of(
            new Share("1KB", 1024, 30, 8),
            new Share("4KB", 4 * 1024, 30, 8),
            new Share("10KB", 10 * 1024, 30, 8),
            new Share("100KB", 100 * 1024, 9, 4),
            new Share("1MB", 1024 * 1024, 1, 2));

    /** The classes a payload holds, registered with the serializer as an application registers its own. */
    static final List<Class<?>> PAYLOAD_CLASSES = List.of(SessionContext.class, UserProfile.class, WorkflowStep.class,
            SessionEvent.class, Channel.class, StepStatus.class);

    private static final int DECK_SIZE = 100;

    private final List<Share> shares;
    private final List<List<Payload>> payloadsByShare;
    private final int[] deck;

    private PayloadMix(List<Share> shares, List<List<Payload>> payloadsByShare, int[] deck) {
        this.shares = shares;
        this.payloadsByShare = payloadsByShare;
        this.deck = deck;
    }

    /** Builds every variant of every share and writes it with {@code serializerId}. */
    static PayloadMix create(String serializerId, List<Share> shares, long seed) {
        return create(serializer(serializerId), shares, seed);
    }

    /** A serializer of {@code serializerId} that reads and writes the payloads' classes, as an application's would. */
    static SessionSerializer serializer(String serializerId) {
        return SessionSerializers.create(serializerId, SerializerSettings.builder()
                .allowPackages(SessionContext.class.getPackageName())
                .registerClasses(PAYLOAD_CLASSES.toArray(Class<?>[]::new))
                .build());
    }

    /** Builds every variant of every share and writes it with {@code serializer}. */
    static PayloadMix create(SessionSerializer serializer, List<Share> shares, long seed) {
        if (shares.stream().mapToInt(Share::percent).sum() != DECK_SIZE) {
            throw new IllegalArgumentException("the shares must add up to 100 percent: " + shares);
        }
        ToIntFunction<Object> javaBytes = ReferenceMeasures.javaSerialization();
        List<List<Payload>> payloads = new ArrayList<>();
        List<Integer> slots = new ArrayList<>(DECK_SIZE);
        for (int index = 0; index < shares.size(); index++) {
            Share share = shares.get(index);
            List<Payload> variants = new ArrayList<>(share.variants());
            for (int variant = 0; variant < share.variants(); variant++) {
                SessionWorkload workload = new SessionWorkload(seed + 1_000L * index + variant);
                SessionContext context = workload.create(share.targetBytes(), javaBytes::applyAsInt).context();
                variants.add(Payload.of(share.label(), serializer.serialize(context)));
            }
            payloads.add(List.copyOf(variants));
            slots.addAll(Collections.nCopies(share.percent(), index));
        }
        Collections.shuffle(slots, new Random(seed));
        return new PayloadMix(List.copyOf(shares), List.copyOf(payloads), slots.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The body of the session with this sequence number. */
    Payload payload(long sequence) {
        return variant(sequence, 0);
    }

    /** A new body for the session with this sequence number: same size class, different content. */
    Payload replacement(long sequence, long generation) {
        return variant(sequence, 1 + generation);
    }

    private Payload variant(long sequence, long offset) {
        List<Payload> variants = payloadsByShare.get(deck[(int) Math.floorMod(sequence, (long) DECK_SIZE)]);
        return variants.get((int) Math.floorMod(sequence / DECK_SIZE + offset, (long) variants.size()));
    }

    /** One line per size class: its share and the bytes the serializer wrote, for the simulation's log. */
    String describe() {
        StringBuilder text = new StringBuilder();
        for (int index = 0; index < shares.size(); index++) {
            text.append(String.format("  %-6s %3d%%  %s bytes%n", shares.get(index).label(), shares.get(index).percent(),
                    payloadsByShare.get(index).stream().map(payload -> payload.bytes().length).toList()));
        }
        return text.toString();
    }
}
