package dev.sessiondata.serializer.onenio;

import dev.sessiondata.serializer.AbstractSessionSerializer;
import dev.sessiondata.serializer.ReadBudget;
import dev.sessiondata.serializer.SerializationException;
import dev.sessiondata.serializer.SerializerSettings;
import java.io.IOException;

/**
 * One-nio serialization in compact mode (each class as a 64-bit uid; a reader needs a serializer for every uid) or
 * persist mode (each class's descriptor inline, once per payload).
 *
 * <p>At creation, serializers for the registered classes and every class reachable from them are generated, so that
 * this JVM reads compact data of those classes even if it never wrote any. Writes go through
 * {@link SessionWriteStream} (one pass, one-nio's bytes), reads through {@link GuardedDeserializeStream}, which checks
 * every class against the allow-list before it is read. One-nio keeps its serializers in one JVM-global repository,
 * which all instances share; they are thread-safe.
 */
class OneNioSessionSerializer extends AbstractSessionSerializer {

    private final OneNioVariant variant;
    private final ReadGuards guards;
    /**
     * The buffer size and identity-table capacity the last write needed, so that the next one rarely grows either
     * ({@link SessionWriteStream}). Racy by design: a stale hint only costs a copy.
     */
    private int expectedBytes;
    private int expectedObjects;

    OneNioSessionSerializer(OneNioVariant variant, SerializerSettings settings) {
        super(variant.id(), settings);
        this.variant = variant;
        this.guards = new ReadGuards(settings.allowList());
        ReachableClasses.unwritable(settings.registeredClasses()).ifPresent(refusal -> {
            throw new IllegalArgumentException(refusal);
        });
        OneNioDescriptors.prepare(settings.registeredClasses());
    }

    @Override
    protected byte[] write(Object value) throws IOException {
        SessionWriteStream out = new SessionWriteStream(variant == OneNioVariant.ONE_NIO_PERSIST, expectedBytes,
                expectedObjects);
        out.writeObject(value);
        expectedBytes = out.count();
        expectedObjects = out.contextCapacity();
        return out.toByteArray();
    }

    @Override
    protected Object read(byte[] data, Class<?> type) throws IOException, ClassNotFoundException {
        // a refusal of ours that one-nio wrapped (it wraps what a custom readObject throws) is surfaced by the base
        GuardedDeserializeStream in = new GuardedDeserializeStream(data, settings, guards,
                variant == OneNioVariant.ONE_NIO_PERSIST, ReadBudget.current());
        Object value = in.readObject();
        if (in.available() != 0) {
            throw new SerializationException(in.available() + " bytes after the value");
        }
        return value;
    }
}
