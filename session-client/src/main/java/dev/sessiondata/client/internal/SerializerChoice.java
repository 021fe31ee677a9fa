package dev.sessiondata.client.internal;

import dev.sessiondata.api.KnownSerializers;
import dev.sessiondata.api.SerializersInfo;
import dev.sessiondata.client.SerializerNotEnabledException;
import dev.sessiondata.serializer.SessionSerializers;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Which serializer a client writes with: the service's active one when the client has it, else the best of its
 * serializers the service still accepts ({@link SerializerSet#writerFor}). It calls nothing: the pipeline hands it
 * what answers say ({@link SerializerAnnouncements}): the active serializer from every answer, what the service
 * accepts from {@code GET /serializers}. When the active one changes to one the client lacks, {@link #writer()} is
 * empty until an answer of {@code GET /serializers} was handed over. A fallback is warned about once per (active,
 * fallback) pair.
 */
public final class SerializerChoice {

    /** What the service announced, and which serializer was chosen then; none when it accepts none of ours. */
    record Chosen(String active, List<String> accepted, Optional<String> writer) {
    }

    private final SerializerSet serializers;
    private final URI baseUri;
    private volatile String active = "";
    private volatile @Nullable Chosen chosen;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    public SerializerChoice(SerializerSet serializers, URI baseUri) {
        this.serializers = serializers;
        this.baseUri = baseUri;
    }

    /** An answer named the service's active serializer. */
    void announced(String activeSerializer) {
        active = activeSerializer;
    }

    /** An answer of {@code GET /serializers}: chooses again. */
    void listed(SerializersInfo listing) {
        active = listing.active();
        Chosen previous = chosen;
        Optional<String> writer = serializers.writerFor(listing.active(), listing.accepted(),
                previous == null ? null : previous.writer().orElse(null));
        writer.filter(id -> !id.equals(listing.active()))
                .filter(id -> warned.add(listing.active() + " " + id))
                .ifPresent(id -> ClientLog.LOG.warn("The session service {} writes new sessions with {}, which this "
                        + "client does not have ({}); it writes with {}, which the service still accepts. {} before the "
                        + "operator narrows sessiondata.serializer.accepted, which will refuse these writes", baseUri,
                        listing.active(), serializers.enabled(), id, remedy(listing.active())));
        chosen = new Chosen(listing.active(), listing.accepted(), writer);
    }

    /** The service's active serializer as last announced; empty before the first answer. */
    public String active() {
        return active;
    }

    /**
     * The serializer to write with now, if the answers handed over so far tell it: empty when the active serializer
     * is new and not this client's, so that {@code GET /serializers} must be asked.
     *
     * @throws SerializerNotEnabledException if the service accepts none of this client's serializers
     */
    public Optional<String> writer() {
        String activeSerializer = active;
        if (serializers.isEnabled(activeSerializer)) {
            return Optional.of(activeSerializer);
        }
        Chosen current = chosen;
        if (current != null && current.active().equals(activeSerializer)) {
            return Optional.of(chosenWriter(current));
        }
        return Optional.empty();
    }

    /**
     * The serializer chosen from the last {@code GET /serializers} answer.
     *
     * @throws IllegalStateException if none was handed over yet
     * @throws SerializerNotEnabledException if the service accepts none of this client's serializers
     */
    public String listedWriter() {
        Chosen current = chosen;
        if (current == null) {
            throw new IllegalStateException("no answer of GET /serializers was handed over yet");
        }
        return chosenWriter(current);
    }

    /** The accepted serializers of the last {@code GET /serializers} answer, for the log. */
    public List<String> accepted() {
        Chosen current = chosen;
        return current == null ? List.of() : current.accepted();
    }

    /** The active serializer as last announced and this client's serializers, for {@code toString}. */
    public String describe() {
        return "active=" + active + ", enabled=" + serializers.enabled();
    }

    private String chosenWriter(Chosen current) {
        return current.writer().orElseThrow(() -> new SerializerNotEnabledException(current.active(),
                Set.copyOf(serializers.enabled()), "the service accepts none of this client's serializers "
                + "(accepted: " + current.accepted() + "), and its active serializer is"));
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
}
