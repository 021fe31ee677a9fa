package dev.sessiondata.client.internal.schema;

import dev.sessiondata.api.ClassDescriptor;
import dev.sessiondata.client.SessionClientException;
import dev.sessiondata.client.internal.ClientLog;
import dev.sessiondata.serializer.SchemaExchangingSerializer;
import dev.sessiondata.serializer.SerializationException;
import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The client's side of the schema exchange of one {@link SchemaExchangingSerializer}.
 *
 * <p>{@link #exchange} runs once per client and serializer, before its first write: it uploads the schemas of the
 * registered classes and of everything reachable from them, and installs nothing.
 * {@link #uploadIfNew} covers a class written later that was not registered. {@link #read} covers a payload
 * written by an application that uploaded after this one exchanged: the unknown uid is fetched (once, however many
 * threads miss it together), installed, and the read retried.
 *
 * <p>The service may lose what was published (a memory store restarted; Redis flushed, restarted without
 * persistence or failed over to a replica that had not received them). A writer that went on referring to its
 * schemas would then write sessions that no application which had not installed them can read.
 * {@link #republishIfLost} therefore asks the service, at most once per check interval and before a write, for one
 * of the schemas this client published (a different one each time, so a partial loss is found too), and publishes
 * all of them again when it is missing.
 */
public final class SchemaExchange {

    /** A session graph has far fewer classes than this; a payload that keeps missing more is not worth chasing. */
    private static final int MAX_MISSES_PER_READ = 64;

    private final SchemaExchangingSerializer serializer;
    private final SchemaRemote remote;
    private final OnceEach<Long> fetches = new OnceEach<>();
    private final OnceEach<Class<?>> uploads = new OnceEach<>();
    private final Object exchangeLock = new Object();
    private volatile boolean exchanged;
    /** Every schema this client published, by uid, to publish again after the service lost them. */
    private final Map<Long, ClassDescriptor> published = new LinkedHashMap<>();
    private final long checkIntervalNanos;
    private long nextCheck;
    private int checks;

    /** @param checkInterval how often at most {@link #republishIfLost} asks the service for a published schema */
    public SchemaExchange(SchemaExchangingSerializer serializer, SchemaRemote remote, Duration checkInterval) {
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        this.remote = Objects.requireNonNull(remote, "remote");
        this.checkIntervalNanos = checkInterval.toNanos();
        this.nextCheck = System.nanoTime() + checkIntervalNanos;
    }

    /** What one exchange moved: schemas uploaded (none with a read-only token). */
    public record Exchanged(int uploaded, boolean readOnly) {
    }

    /**
     * Uploads this application's descriptors, unless that happened already. Nothing is downloaded: a peer's
     * descriptor is installed only when a read misses its uid ({@link #read}), so what others upload costs this
     * application nothing until it reads their payloads, and cannot use up its installation budget at startup.
     *
     * @return what moved, or empty if an earlier call exchanged already
     */
    public Optional<Exchanged> exchange(Collection<Class<?>> registeredClasses) {
        if (exchanged) {
            return Optional.empty();
        }
        synchronized (exchangeLock) {
            if (exchanged) {
                return Optional.empty();
            }
            List<ClassDescriptor> own = serializer.schemasOf(registeredClasses);
            boolean readOnly = !own.isEmpty() && !upload(own);
            registeredClasses.forEach(uploads::markDone);
            exchanged = true;
            return Optional.of(new Exchanged(readOnly ? 0 : own.size(), readOnly));
        }
    }

    /** Uploads the descriptors of a class about to be written unless they were uploaded already. */
    public void uploadIfNew(Class<?> type) {
        uploads.run(type, () -> upload(serializer.schemasOf(List.of(type))));
    }

    /** Uploads schemas and, once the service holds them, lets the serializer refer to them; false if read-only. */
    private boolean upload(List<ClassDescriptor> schemas) {
        if (!remote.upload(schemas)) {
            return false;
        }
        serializer.published(schemas);
        synchronized (published) {
            schemas.forEach(schema -> published.put(schema.uid(), schema));
        }
        return true;
    }

    /**
     * Publishes this client's schemas again if the service lost them: when the check interval has passed since the
     * last check, downloads one published schema and, if the service no longer has it, uploads them all. A check that
     * fails for want of the service is logged and made again after the next interval; the write goes on.
     *
     * @return whether it published again
     */
    public boolean republishIfLost() {
        List<ClassDescriptor> mine;
        ClassDescriptor probe;
        synchronized (published) {
            long now = System.nanoTime();
            if (published.isEmpty() || now - nextCheck < 0) {
                return false;
            }
            nextCheck = now + checkIntervalNanos;
            mine = List.copyOf(published.values());
            probe = mine.get(Math.floorMod(checks++, mine.size()));
        }
        try {
            if (remote.download(probe.uid()).isPresent()) {
                return false;
            }
            ClientLog.LOG.warn("The session service lost the {} schema {} this client published (its store was "
                    + "restarted, flushed or failed over): publishing its {} schemas again", serializer.id(),
                    ClassDescriptor.uidToHex(probe.uid()), mine.size());
            return remote.upload(mine);
        } catch (SessionClientException e) {
            ClientLog.LOG.debug("Checking the published {} schemas failed; checking again after the interval",
                    serializer.id(), e);
            return false;
        }
    }

    /**
     * Runs a read of this serializer; when it fails for want of a schema, fetches that one from the service,
     * installs it and reads again. Each uid is fetched at most once per read, so a read always ends.
     */
    public <T> T read(Supplier<T> read) {
        Set<Long> fetched = new HashSet<>();
        while (true) {
            try {
                return read.get();
            } catch (SerializationException e) {
                OptionalLong missing = serializer.missingSchema(e);
                if (missing.isEmpty()) {
                    throw e;
                }
                long uid = missing.getAsLong();
                if (!fetched.add(uid) || fetched.size() > MAX_MISSES_PER_READ) {
                    throw new SerializationException(serializer.id(), "the descriptor of class uid "
                            + ClassDescriptor.uidToHex(uid) + " was fetched and installed, yet the payload still "
                            + "cannot be read", e);
                }
                fetches.run(uid, () -> fetch(uid, e));
            }
        }
    }

    private void fetch(long uid, SerializationException miss) {
        String hex = ClassDescriptor.uidToHex(uid);
        ClassDescriptor descriptor = remote.download(uid).orElseThrow(() -> new SerializationException(
                serializer.id(), "class uid " + hex + " is unknown here and to the service: the application that "
                + "wrote the payload did not upload its descriptors", miss));
        switch (serializer.install(descriptor)) {
            case INSTALLED, ALREADY_KNOWN -> { }
            case NOT_ALLOWED -> throw new SerializationException(serializer.id(), "class uid " + hex + " names a class "
                    + "(or field type) outside this application's allow-list", miss);
            case CLASS_NOT_FOUND -> throw new SerializationException(serializer.id(), "class uid " + hex + " names a "
                    + "class that is not on this application's class path", miss);
        }
    }
}
