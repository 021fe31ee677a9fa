package dev.sessiondata.client;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.SerializersInfo;
import dev.sessiondata.serializer.SessionSerializers;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Which serializer a client writes with: the service's active one when the client has it, else the best of its
 * serializers the service still accepts ({@link SerializerSet#writerFor}). The active one is learnt from every
 * answer ({@link #announced}); what the service accepts only from {@code GET /serializers}, asked again when the
 * active one changes to one the client lacks, or when a write was refused with 415. A fallback is warned about once
 * per (active, fallback) pair.
 */
final class WriterChoice {

    /** What the service announced, and which serializer was chosen then. */
    record Chosen(String active, List<String> accepted, String writer) {
    }

    private final SerializerSet serializers;
    private final URI baseUri;
    private final Supplier<SerializersInfo> askService;
    private final AtomicReference<String> active = new AtomicReference<>("");
    private volatile @Nullable Chosen chosen;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    /** {@code askService} asks {@code GET /serializers}; it may call {@link #announced} on the way. */
    WriterChoice(SerializerSet serializers, URI baseUri, Supplier<SerializersInfo> askService) {
        this.serializers = serializers;
        this.baseUri = baseUri;
        this.askService = askService;
    }

    /** An answer named the service's active serializer. */
    void announced(String activeSerializer) {
        active.set(activeSerializer);
    }

    /** The service's active serializer as last announced; empty before the first answer. */
    String active() {
        return active.get();
    }

    /**
     * Asks the service what it accepts and chooses again.
     *
     * @throws SerializerNotEnabledException if the service accepts none of this client's serializers
     */
    Chosen chooseAgain() {
        SerializersInfo announced = askService.get();
        active.set(announced.active());
        Chosen previous = chosen;
        String writer = serializers.writerFor(announced.active(), announced.accepted(),
                        previous == null ? null : previous.writer())
                .orElseThrow(() -> new SerializerNotEnabledException(announced.active(),
                        Set.copyOf(serializers.enabled()), "the service accepts none of this client's serializers "
                        + "(accepted: " + announced.accepted() + "), and its active serializer is"));
        if (!writer.equals(announced.active()) && warned.add(announced.active() + " " + writer)) {
            ClientLog.LOG.warn("The session service {} writes new sessions with {}, which this client does not have "
                    + "({}); it writes with {}, which the service still accepts. {} before the operator narrows "
                    + "sessiondata.serializer.accepted, which will refuse these writes", baseUri, announced.active(),
                    serializers.enabled(), writer, remedy(announced.active()));
        }
        Chosen now = new Chosen(announced.active(), announced.accepted(), writer);
        chosen = now;
        return now;
    }

    /** What lets this client write with {@code id}: its module, or, where the module is there, a JVM that runs it. */
    private static String remedy(String id) {
        if (SessionSerializers.isInstalled(id) && !SessionSerializers.available().contains(id)) {
            return "Its module is on the class path, but this JVM's options do not let it run (SessionSerializers"
                    + ".create(\"" + id + "\", settings) names the option); fix them";
        }
        return "Add " + KnownSerializers.artifactOf(id).map(artifact -> KnownSerializers.GROUP_ID + ":" + artifact)
                .orElse("its serializer module");
    }

    /** The serializer to write with now; asks the service only when the active one is new and not this client's. */
    String writer() {
        String activeSerializer = active.get();
        if (serializers.isEnabled(activeSerializer)) {
            return activeSerializer;
        }
        Chosen current = chosen;
        if (current != null && current.active().equals(activeSerializer)) {
            return current.writer();
        }
        return chooseAgain().writer();
    }
}
